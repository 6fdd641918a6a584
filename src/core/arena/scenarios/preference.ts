import { scenario } from './build';

/** A preference stated, then corrected: the probe expects the corrected value. */
export const correctedPreference = scenario(
  'corrected-preference',
  'Travel planning: a preference that is later corrected',
  'The seat preference is stated in turn 2 and corrected in turn 9; probes expect the corrected value.',
  [
    {
      user: 'I need to plan trips for work this spring, mostly trains and a few flights.',
      answer:
        'Happy to help. Tell me your usual routes and any preferences, and I will keep them in mind.',
    },
    {
      user: 'On trains I always prefer an aisle seat, facing forwards.',
      answer: 'Noted: aisle seat, facing forwards, on trains.',
    },
    {
      user: 'My usual route is Manchester to London Euston, leaving before 8 am.',
      answer: 'Understood: Manchester Piccadilly to London Euston, departures before 8 am.',
    },
    {
      user: 'Which railcard would save me money if I travel twice a month?',
      answer:
        'A 26-30 or a Two Together railcard only fit some travellers; for regular solo business trips, check whether your employer has a corporate fare agreement.',
    },
    {
      user: 'Book a hotel near Euston for the night of 12 April, under 150 pounds.',
      answer:
        'The Wellcome area has several options under 150 pounds; I have shortlisted three within a ten-minute walk of Euston.',
    },
    {
      user: 'What is the quietest coach on an Avanti train?',
      answer:
        'Coach A in standard class is usually designated the quiet coach on Avanti West Coast services.',
    },
    {
      user: 'Remind me to submit expenses within 30 days of each trip.',
      answer: 'I will remind you to submit expenses within 30 days of each trip.',
    },
    {
      user: 'For the May trip to Glasgow, can I take the train instead of flying?',
      answer:
        'Yes: about three and a half hours from Euston; with the train you also avoid airport transfers.',
    },
    {
      user: 'Correction about seats: I now prefer a window seat, not aisle. The aisle was for a knee injury that has healed.',
      answer: 'Updated: you now prefer a window seat on trains. Glad the knee has healed.',
    },
    {
      user: 'Find me a morning train to Glasgow on 6 May.',
      answer:
        'The 07:30 from Euston reaches Glasgow Central at 12:02; I would reserve a forward-facing seat in coach A.',
    },
    {
      user: 'Is there a lounge I can use at Euston?',
      answer:
        'First-class ticket holders can use the Avanti lounge on the main concourse; standard tickets do not include it.',
    },
    {
      user: 'What should I pack for two days in Glasgow in May?',
      answer: 'Layers and a light waterproof: May in Glasgow is mild but changeable.',
    },
    {
      user: 'Book the return on 8 May in the afternoon.',
      answer: 'The 15:40 from Glasgow Central arrives at Euston at 20:13. Shall I reserve it?',
    },
  ],
  [
    {
      question: 'Which seat do I prefer on trains?',
      expected: 'window seat',
      evidence: ['t9u'],
      at: 13,
    },
    { question: 'What is my usual train route?', expected: 'Euston', evidence: ['t3u'], at: 13 },
    {
      question: 'Within how many days must I submit expenses?',
      expected: '30 days',
      evidence: ['t7u'],
      at: 13,
    },
  ],
);
