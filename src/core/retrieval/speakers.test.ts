import { describe, expect, it } from 'vitest';
import {
  addressedNames,
  inferSpeakerNames,
  speakersNamed,
  lowercaseWords,
  withoutCommonWords,
} from './speakers';

const said = (speaker: string, text: string) => ({ speaker, names: addressedNames(text) });

describe('addressed names', () => {
  it('finds the name after a greeting or between a comma and punctuation', () => {
    expect(addressedNames('Hey Mel! Good to see you!')).toEqual(['Mel']);
    expect(addressedNames('Thanks, Caroline! That means a lot.')).toEqual(['Caroline']);
    expect(addressedNames("Wow, that's cool, Caroline!")).toEqual(['Caroline']);
    expect(addressedNames('Sure thing, Melanie')).toEqual(['Melanie']);
  });

  it('does not take places or sentence starts for names', () => {
    expect(addressedNames('I went to Paris. Then London was next.')).toEqual([]);
    expect(addressedNames('Painting helps me, honestly.')).toEqual([]);
  });
});

describe('speaker names', () => {
  it("a name one speaker calls the other is the other's name", () => {
    const names = inferSpeakerNames([
      said('user', 'Hey Mel! How are you?'),
      said('assistant', 'Hi Caroline! All good.'),
      said('user', 'Thanks, Mel!'),
      said('assistant', "That's great, Caroline!"),
      said('user', 'I went to Paris, you know!'),
      said('assistant', 'Wow, Caroline, Paris!'),
    ]);
    expect(names.get('user')).toEqual(['Caroline']);
    expect(names.get('assistant')).toEqual(['Mel']);
  });

  it('a word both speakers use that way is nobody’s name', () => {
    const names = inferSpeakerNames([
      said('user', 'Hey Sam!'),
      said('assistant', 'Hey Sam!'),
      said('user', 'Thanks, Sam!'),
      said('assistant', 'Thanks, Sam!'),
    ]);
    expect(names.size).toBe(0);
  });

  it('needs two speakers and at least two uses', () => {
    expect(inferSpeakerNames([said('user', 'Hey Mel!'), said('user', 'Hi Mel!')]).size).toBe(0);
    expect(inferSpeakerNames([said('user', 'Hey Mel!'), said('assistant', 'Hello.')]).size).toBe(0);
  });

  it('the speakers a question names, in the order it names them, possessives included', () => {
    const names = new Map([
      ['user', ['Caroline']],
      ['assistant', ['Mel', 'Melanie']],
    ]);
    expect(speakersNamed("What is Caroline's identity?", names)).toEqual(['user']);
    expect(speakersNamed('What did Melanie think about Caroline?', names)).toEqual([
      'assistant',
      'user',
    ]);
    expect(speakersNamed('what did mel paint?', names)).toEqual(['assistant']);
    expect(speakersNamed('What did Jon paint?', names)).toEqual([]);
  });
});

describe('everyday words are not names', () => {
  it('drops a name the conversation also writes in lowercase, keeps given names', () => {
    const names = new Map([
      ['user', ['John', 'How']],
      ['assistant', ['Tim', 'Winning', 'Will']],
    ]);
    const texts = [
      'How are you, Tim?',
      'Winning the game felt great, how about you?',
      'I love winning and I will keep at it.',
      'Thanks, John! how was the trip?',
      'We will see, winning is hard.',
    ];
    expect(withoutCommonWords(names, texts.map(lowercaseWords), new Set(['Will']))).toEqual(
      new Map([
        ['user', ['John']],
        ['assistant', ['Tim', 'Will']],
      ]),
    );
  });
});
