import { scenario } from './build';

/** Dated sessions over two months; temporal and multi-hop questions. */
export const multiSession = scenario(
  'multi-session',
  'Long multi-session chat: dates and multi-hop questions',
  'Four sessions from January to March 2025; some answers need a date or two turns together.',
  [
    {
      session: '2025-01-11T18:00:00Z',
      user: 'My sister Hannah lives in Bristol and works as a vet.',
      answer: 'That sounds like rewarding work. Do you visit her often?',
    },
    {
      user: 'About twice a year. She has three rescue greyhounds.',
      answer: 'Greyhounds make calm, gentle pets once they settle in.',
    },
    {
      user: 'I am thinking of getting a dog myself, but my flat is small.',
      answer: 'A small, low-energy breed or an older rescue dog could suit a small flat.',
    },
    {
      user: 'I started learning the cello this week, with lessons on Tuesdays.',
      answer: 'Wonderful! Tuesday lessons give you a steady rhythm. How is it going so far?',
    },
    {
      session: '2025-02-02T10:30:00Z',
      user: 'Big news: yesterday I adopted a retired greyhound that Hannah rescued. His name is Biscuit.',
      answer:
        'Congratulations on adopting Biscuit! A retired greyhound from your sister is a lovely story.',
    },
    {
      user: 'Biscuit is scared of the stairs in my building.',
      answer:
        'Many ex-racing greyhounds have never seen stairs; practise one step at a time with treats and patience.',
    },
    {
      user: 'What should I feed a greyhound his size?',
      answer:
        'A good-quality adult dog food split into two meals; your vet can set the amount for his weight.',
    },
    {
      user: 'My cello teacher, Mr Okafor, says I should practise scales every morning.',
      answer: 'Short daily scale practice builds intonation quickly; ten minutes is a good start.',
    },
    {
      session: '2025-02-20T19:15:00Z',
      user: 'I played my first piece at a student concert tonight: a Saint-Saens piece, The Swan.',
      answer: 'Playing The Swan at your first concert after a few weeks is impressive!',
    },
    {
      user: 'Biscuit now climbs the stairs on his own.',
      answer: 'That is real progress; he must feel at home now.',
    },
    {
      user: 'Hannah is visiting next month to see how Biscuit is doing.',
      answer: 'She will be glad to see him settled. Are you planning anything special?',
    },
    {
      user: 'Maybe a walk on the Downs. What is a good distance for a greyhound?',
      answer:
        'Greyhounds are sprinters, not marathoners: thirty to forty minutes of walking is plenty.',
    },
    {
      session: '2025-03-15T09:00:00Z',
      user: 'Hannah came this weekend; we walked Biscuit for forty minutes on the Downs.',
      answer: 'Sounds like a perfect visit. How did Biscuit do?',
    },
    {
      user: 'He loved it. I also changed cello lessons from Tuesdays to Thursdays.',
      answer: 'Noted: lessons are on Thursdays now.',
    },
    {
      user: 'What do you think I should learn next on the cello?',
      answer: 'A Bach minuet or the Elgar Salut d’Amour would build on The Swan nicely.',
    },
    {
      user: 'Thanks, that is all for today.',
      answer: 'Enjoy the week with Biscuit and the cello!',
    },
  ],
  [
    {
      question: 'When did I adopt my dog?',
      expected: '1 February 2025',
      evidence: ['t5u'],
      at: 16,
      category: 'temporal',
    },
    {
      question: 'What does the person who rescued my dog do for a living?',
      expected: 'vet',
      evidence: ['t5u', 't1u'],
      at: 16,
      category: 'multi-hop',
    },
    {
      question: 'Which piece did I play at my first concert?',
      expected: 'The Swan',
      evidence: ['t9u'],
      at: 16,
      category: 'single-hop',
    },
    {
      question: 'On which day are my cello lessons now?',
      expected: 'Thursdays',
      evidence: ['t14u'],
      at: 16,
      category: 'temporal',
    },
    {
      question: 'Who is my cello teacher?',
      expected: 'Mr Okafor',
      evidence: ['t8u'],
      at: 16,
      category: 'single-hop',
    },
  ],
);
