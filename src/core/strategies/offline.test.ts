import { describe, expect, it } from 'vitest';
import { offlineAnswer } from './offline';
import { factExtractionRequest, tripleExtractionRequest } from './steps';

const dialogue = (user: string, assistant: string) =>
  [
    { role: 'user' as const, content: user },
    { role: 'assistant' as const, content: assistant },
  ] as Parameters<typeof tripleExtractionRequest>[0];

describe('the offline strategy steps (issue 33)', () => {
  it('name the user, not the assistant, and keep one fact per clause', () => {
    const answer = offlineAnswer(
      tripleExtractionRequest(
        dialogue(
          "hey there, I'm Priya, a data engineer in Lisbon",
          'Fact memory extracts statements. Try: "I work at Acme and I\'m learning Rust".',
        ),
      ),
    );
    expect(answer).toBe(
      "[('User', 'is named', 'Priya'), ('User', 'is a', 'data engineer'), ('User', 'lives in', 'Lisbon')]",
    );
    expect(answer).not.toContain('Assistant');
    expect(answer).not.toContain('Acme');
  });

  it('reads the user’s clauses apart', () => {
    const answer = offlineAnswer(
      tripleExtractionRequest(dialogue("I work at Acme and I'm learning Rust.", 'Saved.')),
    );
    expect(answer).toBe("[('User', 'works at', 'Acme'), ('User', 'is learning', 'Rust')]");
  });

  it('states an introduction as facts about the user', () => {
    expect(
      offlineAnswer(factExtractionRequest(dialogue("I'm Priya, a data engineer in Lisbon", 'Hi!'))),
    ).toBe("User's name is Priya. User is a data engineer. User lives in Lisbon.");
  });
});
