import { describe, expect, it } from 'vitest';
import { asksForName, namesSomething, writtenNames } from './answer-type';

describe('questions that ask for a name', () => {
  it('where, who, which/what + a named thing, the name of', () => {
    for (const question of [
      'Where did Caroline move from 4 years ago?',
      'Who performed at the concert?',
      'Which cities has John been to?',
      'What books has Melanie read?',
      'Which basketball team does Tim support?',
      'What European countries has Maria been to?',
      'What is the name of Maria’s puppy?',
    ])
      expect(asksForName(question), question).toBe(true);
  });

  it('other questions do not', () => {
    for (const question of [
      'When did Melanie go camping?',
      'What did Melanie paint recently?',
      'How many times has John injured his ankle?',
      'Why did Maria join a church?',
      'What does Melanie think about the bookshelf?',
    ])
      expect(asksForName(question), question).toBe(false);
  });
});

describe('names a message writes', () => {
  it('capitalised words inside a sentence, not at its start, not "I", not days or months', () => {
    expect(
      writtenNames('Hey Tim! Last Friday I was in Chicago. It had so much energy, like NYC.')
        .capitals,
    ).toEqual(['tim', 'chicago', 'nyc']);
    expect(writtenNames('I met Sara’s dog on Monday in June.').capitals).toEqual(['sara']);
    expect(writtenNames('Wow. That is great!').capitals).toEqual([]);
  });

  it('a quoted title counts', () => {
    expect(writtenNames('“Brave” means a lot to me.').quoted).toBe(true);
    expect(writtenNames('I read "Becoming Nicole" last week').quoted).toBe(true);
    expect(writtenNames('I said hi').quoted).toBe(false);
  });

  it('a word the conversation writes in lowercase, or a speaker’s name, names nothing', () => {
    const written = writtenNames('Yeah, Awesome trip with Tim!');
    const lowercase = new Map([['awesome', 3]]);
    expect(namesSomething(written, lowercase, new Set(['tim']))).toBe(false);
    expect(namesSomething(written, new Map(), new Set(['tim']))).toBe(true);
    expect(namesSomething(written, lowercase, new Set())).toBe(true);
  });
});
