import { describe, expect, it } from 'vitest';
import { asSaid, inSecondPerson, inThirdPerson, isHome, profileFacts } from './profile';

const third = (text: string) => profileFacts(text).map((fact) => inThirdPerson(fact));

describe('profileFacts', () => {
  it.each([
    [
      "hey there, I'm Priya, a data engineer in Lisbon",
      ["User's name is Priya.", 'User is a data engineer.', 'User lives in Lisbon.'],
    ],
    ["Hi, I'm Ana from Porto", ["User's name is Ana.", 'User is from Porto.']],
    ["I'm a nurse based in Leeds", ['User is a nurse.', 'User is based in Leeds.']],
    [
      'This is Kenji, a backend developer at Globex',
      ["User's name is Kenji.", 'User is a backend developer.', 'User works at Globex.'],
    ],
    ['my manager is Tomás', ["User's manager is Tomás."]],
    ['my boss is called Farida', ["User's boss is called Farida."]],
    [
      'I work at Acme as a product manager',
      ['User works at Acme.', 'User works as a product manager.'],
    ],
    ["I work at Acme and I'm learning Rust.", ['User works at Acme.', 'User is learning Rust.']],
    ['I report to Dana Smith', ['User reports to Dana Smith.']],
    [
      'Priya here, data engineer in Lisbon',
      ["User's name is Priya.", 'User is a data engineer.', 'User lives in Lisbon.'],
    ],
    ['I prefer Python', ['User prefers Python.']],
    ["Hello, I'm Sven and I work at Spotify", ["User's name is Sven.", 'User works at Spotify.']],
    [
      "I'm planning to migrate our lakehouse to Iceberg next quarter",
      ['User is planning to migrate their lakehouse to Iceberg next quarter.'],
    ],
    ["I'm working on the Iceberg migration", ['User is working on the Iceberg migration.']],
    [
      "hey, Lena here, I'm a nurse in Graz",
      ["User's name is Lena.", 'User is a nurse.', 'User lives in Graz.'],
    ],
    [
      "My manager is Deepa and I'm working on the billing service",
      ["User's manager is Deepa.", 'User is working on the billing service.'],
    ],
    ['I live in Nairobi', ['User lives in Nairobi.']],
    ["I'm vegetarian", []],
    ['What city do I live in?', []],
    ['The office closes at 6pm', []],
    ['This is Kestrel', []],
    ["It's Monday", []],
    ["I'm OK", []],
    ["I'm German", []],
    ["I'm Nigerian", []],
    ["I'm about to leave", []],
    ["I'm a bit tired", []],
    // A name said without "my", and a place said with another verb than "live".
    ["name's Jack, I'm a chef", ["User's name is Jack.", 'User is a chef.']],
    ['the name is Ada', ["User's name is Ada."]],
    ['name is required', []],
    ['I teach maths in Valencia', ['User teaches maths in Valencia.']],
    // A new job said as news: the employer (and the role), never a gym or a city.
    ['I just started a new job at Deloitte', ['User works at Deloitte.']],
    [
      'I joined Stripe as a designer last month',
      ['User works at Stripe.', 'User works as a designer.'],
    ],
    ['I was hired by Siemens', ['User works at Siemens.']],
    // When it started is no part of the employer; where it is, is a place.
    ['I joined Google in 2019', ['User works at Google.']],
    ['I got hired at Canva two weeks ago', ['User works at Canva.']],
    [
      'I joined Acme in Berlin as a designer',
      ['User works at Acme.', 'User works as a designer.', 'User lives in Berlin.'],
    ],
    ['I joined a gym', []],
    ['I moved to Lisbon', ['User moved to Lisbon.']],
    ['I study law in Paris', ['User studies law in Paris.']],
    ['I work remotely in Lisbon', ['User works remotely in Lisbon.']],
    ['I code in Python', []],
    ['I train in March', []],
    ['I teach in English', []],
    // A relation's name said with "'s name", and "'s" as "is" only before a name or "called".
    ["my wife's name is Leila", ["User's wife's name is Leila."]],
    ["My dog's name's Rex", ["User's dog's name is Rex."]],
    ["my husband's called Jorge", ["User's husband is called Jorge."]],
    ["my cat's Miso", ["User's cat is Miso."]],
    ["my wife's car is red", []],
    // Issue 33's paraphrases: other relations, trips, hobbies, languages, and their near misses.
    ["my sister's called Mei", ["User's sister is called Mei."]],
    ['my friend Ola is coming over', ["User's friend is Ola."]],
    ['I have a brother named Tom', ["User's brother is named Tom."]],
    ['my friend said hello', []],
    ['home for me is Kyoto', ['User lives in Kyoto.']],
    ["I'm employed at Siemens", ['User works at Siemens.']],
    ["I've worked at Nokia for five years", ['User works at Nokia.']],
    ['I have been working at Bosch since 2019', ['User works at Bosch.']],
    ["I've been at Maersk for three years", ['User works at Maersk.']],
    ["I've been at Glastonbury", []],
    ["I've been working at Philips for two years", ['User works at Philips.']],
    [
      'hi I am Fatima, working as a dentist for Nestle',
      ["User's name is Fatima.", 'User is a dentist.', 'User works at Nestle.'],
    ],
    ["next month I'm flying to Peru", ['User is flying to Peru.']],
    ["I'm planning a trip to Japan in April", ['User is planning a trip to Japan in April.']],
    ["I'm heading to the shops", []],
    ['my hobby is sailing', ["User's hobby is sailing."]],
    ['in my free time I enjoy pottery', ['User enjoys pottery.']],
    ["I'm really into birdwatching", ['User is into birdwatching.']],
    ["I'm really into it", []],
    ['I speak fluent Dutch', ['User speaks fluent Dutch.']],
    ["I'm fluent in Korean", ['User is fluent in Korean.']],
    ['I speak at conferences', []],
    // After a name, a sentence that only says what the person is.
    [
      "I'm Kofi. Software dev at Paystack, living in Accra.",
      [
        "User's name is Kofi.",
        'User is a software dev.',
        'User works at Paystack.',
        'User lives in Accra.',
      ],
    ],
    ["I'm Kofi. Glad to be here.", ["User's name is Kofi."]],
    ['I live just outside Dublin', ['User lives outside Dublin.']],
    ['I run marathons for fun', ['User runs marathons.']],
    ['I work late on weekends', []],
    ['I do design work for Figma', ['User works at Figma.']],
    ['I do some work for charity', []],
    ['my boss, Helen, is great', ["User's boss is Helen."]],
    ['my job is teaching yoga', ["User's job is teaching yoga."]],
    ['my job is boring', []],
    ["I'm currently working as a barista", ['User works as a barista.']],
    [
      "i'm Zoe, UX designer at Miro, based in Berlin",
      [
        "User's name is Zoe.",
        'User is a UX designer.',
        'User works at Miro.',
        'User is based in Berlin.',
      ],
    ],
    ["I'm Zoe, Berlin based", []],
    [
      "I'm Ola - a nurse living in Oslo",
      ["User's name is Ola.", 'User is a nurse.', 'User lives in Oslo.'],
    ],
  ])('%s', (text, facts) => {
    expect(third(text)).toEqual(facts);
  });

  it('speaks to the user, and reads memory lines back', () => {
    const [place] = profileFacts('I live in Lisbon');
    expect(inSecondPerson(place!)).toBe('You live in **Lisbon**');
    const [taught] = profileFacts(asSaid('- User teaches maths in Valencia.'));
    expect(taught?.slot).toBe('place');
    expect(inSecondPerson(taught!)).toBe('You teach maths in **Valencia**');
    expect(profileFacts(asSaid('- User lives in Lisbon.')).map((f) => f.value)).toEqual(['Lisbon']);
    expect(profileFacts(asSaid("- User's manager is Tomás.")).map((f) => f.value)).toEqual([
      'Tomás',
    ]);
    expect(profileFacts(asSaid('Lives in Lisbon.')).map((f) => f.value)).toEqual(['Lisbon']);
    expect(profileFacts(asSaid("The user's name is Priya.")).map((f) => f.value)).toEqual([
      'Priya',
    ]);
    expect(profileFacts(asSaid('User is a data engineer.')).map((f) => f.value)).toEqual([
      'data engineer',
    ]);
    const [wife] = profileFacts(asSaid("- User's wife's name is Leila."));
    expect(wife).toMatchObject({ slot: 'person', relation: 'wife', value: 'Leila' });
    expect(inSecondPerson(wife!)).toBe("Your wife's name is **Leila**");
  });

  it('tells a home from a place where the user does something', () => {
    const home = (text: string) => profileFacts(text).map(isHome);
    expect(home('I live in Leeds')).toEqual([true]);
    expect(home("I'm based in Oslo")).toEqual([true]);
    expect(home('I teach physics in York')).toEqual([false]);
    expect(home('I work at Acme')).toEqual([false]);
  });
});
