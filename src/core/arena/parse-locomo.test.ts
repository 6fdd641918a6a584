// The LoCoMo importer keeps what the conversation holds beyond the text: who said each line, and
// the description of a photo a speaker shares.
import { describe, expect, it } from 'vitest';
import { ArenaInputError } from './errors';
import { locomoTranscript } from './parse-locomo';

const conversation = (lines: Record<string, unknown>[]) => ({
  speaker_a: 'Caroline',
  speaker_b: 'Melanie',
  session_1_date_time: '1:56 pm on 8 May, 2023',
  session_1: lines,
  qa: [
    { question: 'What did Melanie paint?', answer: 'a sunset', evidence: ['D1:2'], category: 4 },
  ],
});
const refusal = (value: unknown) => {
  try {
    locomoTranscript(value, 'c.json');
  } catch (error) {
    expect(error).toBeInstanceOf(ArenaInputError);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('LoCoMo import: speakers and shared images', () => {
  it('keeps each line’s speaker and appends the shared image’s description to its text', () => {
    const t = locomoTranscript(
      conversation([
        { speaker: 'Caroline', dia_id: 'D1:1', text: 'Hey Mel!' },
        {
          speaker: 'Melanie',
          dia_id: 'D1:2',
          text: 'Look what I painted.',
          img_url: ['https://example.invalid/x.jpg'],
          blip_caption: 'a photo of a  painting of a sunset\nover a lake',
          query: 'painting sunset',
        },
      ]),
      'c.json',
    );
    expect(t.messages).toEqual([
      expect.objectContaining({ role: 'user', content: 'Hey Mel!', speaker: 'Caroline' }),
      expect.objectContaining({
        role: 'assistant',
        speaker: 'Melanie',
        content:
          'Look what I painted. [shared an image: a photo of a painting of a sunset over a lake]',
      }),
    ]);
    // The dataset's image address and search query are not part of what was said.
    expect(JSON.stringify(t.messages)).not.toMatch(/example\.invalid|painting sunset"/);
    expect(t.note).toMatch(/1 lines share an image: its description follows the text/);
  });

  it('cuts an overlong description and says so; refuses one that is not text and an overlong name', () => {
    const t = locomoTranscript(
      conversation([
        { speaker: 'Caroline', dia_id: 'D1:1', text: '', blip_caption: 'x'.repeat(1500) },
        { speaker: 'Melanie', dia_id: 'D1:2', text: 'Nice.' },
      ]),
      'c.json',
    );
    expect(t.messages[0]!.content).toBe(`[shared an image: ${'x'.repeat(1000)}…]`);
    expect(t.note).toMatch(/1 image descriptions cut to 1000 characters \(marked …\)/);
    expect(
      refusal(
        conversation([
          { speaker: 'Caroline', dia_id: 'D1:1', text: 'Hi', blip_caption: ['a photo'] },
          { speaker: 'Melanie', dia_id: 'D1:2', text: 'Hi' },
        ]),
      ),
    ).toMatch(/c\.json: field session_1\[0\]\.blip_caption must be text/);
    expect(refusal({ ...conversation([]), speaker_a: 'C'.repeat(101) })).toMatch(
      /field speaker_a is longer than 100 characters/,
    );
  });
});
