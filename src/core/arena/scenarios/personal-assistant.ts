import { scenario } from './build';

/** Key facts (a name, an allergy, a deadline) stated early, asked about late. */
export const personalAssistant = scenario(
  'personal-assistant',
  'Personal assistant: facts stated early, asked late',
  'Fourteen turns of errands; the name, the allergy and the deadline come in the first three.',
  [
    {
      user: 'Hi! My name is Priya Raman and I just moved to Leeds for a new job.',
      answer: 'Welcome to Leeds, Priya! Happy to help you settle in. What do you need first?',
    },
    {
      user: 'Important for any food plans: I am allergic to peanuts, even traces.',
      answer:
        'Noted: no peanuts, including traces. I will check ingredients and ask restaurants about cross-contamination.',
    },
    {
      user: 'My grant report is due on Friday 14 March, so keep that week light.',
      answer:
        'Got it: the grant report is due Friday 14 March. I will keep that week free of optional plans.',
    },
    {
      user: 'Can you suggest a good way to get from Headingley to the city centre?',
      answer:
        'The number 1 bus runs every ten minutes and takes about twenty minutes; cycling along Otley Road takes about fifteen.',
    },
    {
      user: 'What should I look for when opening a bank account here?',
      answer:
        'Bring your passport and proof of address; compare monthly fees, overdraft terms and whether the app supports instant notifications.',
    },
    {
      user: 'Recommend a weekend walk that is not too steep.',
      answer:
        'Try the Meanwood Valley Trail: about seven miles, mostly flat, with a cafe at the Hollies.',
    },
    {
      user: 'How do I register with a GP surgery?',
      answer:
        'Find a surgery whose catchment covers your address on the NHS website, then fill in the GMS1 form online or at reception.',
    },
    {
      user: 'Draft a short message to my landlord about a dripping tap in the kitchen.',
      answer:
        'Hello, the kitchen tap has been dripping steadily since Monday. Could someone take a look this week? Thank you.',
    },
    {
      user: 'What is a good routine for learning to cook a few basic dishes?',
      answer:
        'Pick three dishes, cook each twice a week for a month, and keep notes on timing and seasoning each time.',
    },
    {
      user: 'Which days are the recycling bins collected on my street?',
      answer:
        'I cannot see your council account; the Leeds bin checker on the council website shows the days for your postcode.',
    },
    {
      user: 'Suggest a houseplant that survives a dark flat.',
      answer:
        'A ZZ plant or a snake plant: both tolerate low light and only need water every two to three weeks.',
    },
    {
      user: 'Any tips for keeping my inbox under control at the new job?',
      answer:
        'Check mail at set times, file by project, and turn every request into a task with a date the moment you read it.',
    },
    {
      user: 'Plan a dinner out for Thursday with two colleagues, somewhere near the station.',
      answer:
        'Tharavadu near the station has a clear allergen menu; I would call ahead about peanuts. A table for three at 7 pm Thursday?',
    },
    {
      user: 'Thanks. Can you remind me what else I have on this week?',
      answer: 'Besides Thursday dinner, keep time for the grant report, which is due Friday.',
    },
  ],
  [
    { question: 'What is my name?', expected: 'Priya', evidence: ['t1u'], at: 14 },
    { question: 'Which food am I allergic to?', expected: 'peanuts', evidence: ['t2u'], at: 14 },
    {
      question: 'On what date is my grant report due?',
      expected: '14 March',
      evidence: ['t3u'],
      at: 14,
    },
    {
      question: 'Which trail did you suggest for a weekend walk?',
      expected: 'Meanwood Valley Trail',
      evidence: ['t6a'],
      at: 12,
    },
    {
      question: 'What did I say about food allergies?',
      expected: 'peanuts',
      evidence: ['t2u'],
      at: 7,
    },
  ],
);
