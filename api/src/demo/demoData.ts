/**
 * The demo data set's fixed tables (docs/architecture.md#running-it): people, courses with their
 * schedules and assignments, notices, complaints and the admins' discussion.
 * `seed.ts` turns them into documents; everything here is plain data.
 */

/** Password of every demo account (docs/architecture.md#running-it). */
export const DEMO_PASSWORD = 'oracy-demo';

/** The three documented demo accounts (docs/architecture.md#running-it), by role. */
export const DEMO_ACCOUNTS = {
  admin: 'admin@oracy.test',
  teacher: 'teacher@oracy.test',
  student: 'student@oracy.test',
} as const;

/** A person of the data set (role comes from the list they are in). */
export interface DemoPerson {
  firstName: string;
  lastName: string;
  email: string;
}

/** Admins: the demo admin and a second one, so the discussion (admins only) has two voices. */
export const ADMINS: readonly DemoPerson[] = [
  { firstName: 'Alex', lastName: 'Morgan', email: DEMO_ACCOUNTS.admin },
  { firstName: 'Priya', lastName: 'Shah', email: 'priya.shah@oracy.test' },
];

/** Four teachers; the first is the demo teacher. */
export const TEACHERS: readonly DemoPerson[] = [
  { firstName: 'Jordan', lastName: 'Ellis', email: DEMO_ACCOUNTS.teacher },
  { firstName: 'Maria', lastName: 'Lopez', email: 'maria.lopez@oracy.test' },
  { firstName: 'David', lastName: 'Chen', email: 'david.chen@oracy.test' },
  { firstName: 'Aisha', lastName: 'Okafor', email: 'aisha.okafor@oracy.test' },
];

/** The demo student ("Welcome, Sam"); 29 more are made from the name lists below. */
export const DEMO_STUDENT: DemoPerson = { firstName: 'Sam', lastName: 'Taylor', email: DEMO_ACCOUNTS.student };

/** First names of the other 29 students, paired by index with {@link STUDENT_LAST_NAMES}. */
export const STUDENT_FIRST_NAMES = [
  'Olivia',
  'Noah',
  'Amelia',
  'Leo',
  'Isla',
  'Oscar',
  'Ava',
  'Arthur',
  'Mia',
  'Harry',
  'Ivy',
  'Muhammad',
  'Freya',
  'George',
  'Lily',
  'Theo',
  'Grace',
  'Jack',
  'Zara',
  'Ethan',
  'Chloe',
  'Finley',
  'Maya',
  'Samuel',
  'Ruby',
  'Yusuf',
  'Evie',
  'Daniel',
  'Hana',
] as const;
/** Last names of the other 29 students, paired by index with {@link STUDENT_FIRST_NAMES}. */
export const STUDENT_LAST_NAMES = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Patel',
  'Khan',
  'Wilson',
  'Evans',
  'Thomas',
  'Roberts',
  'Walker',
  'Wright',
  'Hughes',
  'Green',
  'Hall',
  'Clarke',
  'Ali',
  'Murphy',
  'Kaur',
  'Lewis',
  'Young',
  'King',
  'Scott',
  'Baker',
  'Adams',
  'Hussain',
  'Mitchell',
  'Turner',
  'Nguyen',
] as const;

/** One demo course. */
export interface DemoCourse {
  title: string;
  /** 1–3 sentences */
  description: string;
  /** file name in `api/assets/courses/` (345×140 PNG) */
  image: string;
  /** index into {@link TEACHERS} */
  teacher: number;
  /** hours */
  duration: number;
  /** start, in whole weeks from today (negative: already started) */
  startWeek: number;
  /** length in weeks; the end date is start + weeks */
  weeks: number;
  status: 'active' | 'inactive';
  /** 2–4 assignment titles, due at even steps through the course */
  assignments: readonly string[];
}

/**
 * The 8 courses: two per teacher, six active (one not started yet) and two
 * inactive ones that have ended.
 */
export const COURSES: readonly DemoCourse[] = [
  {
    title: 'Public Speaking Foundations',
    image: 'public-speaking-foundations.png',
    teacher: 0,
    duration: 12,
    startWeek: -8,
    weeks: 12,
    status: 'active',
    description: 'Build the habits of a confident speaker: planning a short talk, opening strongly and finishing with a clear message.',
    assignments: ['Two-minute talk on a hobby', 'Record a one-minute introduction', 'Peer feedback on a classmate’s speech', 'Final talk: something I changed my mind about'],
  },
  {
    title: 'Debate and Argument',
    image: 'debate-and-argument.png',
    teacher: 1,
    duration: 16,
    startWeek: -6,
    weeks: 10,
    status: 'active',
    description: 'Learn to build a case, listen to the other side and answer it with reasons and evidence in structured debates.',
    assignments: ['Opening speech: school uniform', 'Rebuttal notes for the opposition', 'Team debate: homework should be optional'],
  },
  {
    title: 'Storytelling Aloud',
    image: 'storytelling-aloud.png',
    teacher: 2,
    duration: 8,
    startWeek: -2,
    weeks: 6,
    status: 'active',
    description: 'Tell stories that hold a room: pace, pauses and the voices of characters, from fables to personal stories.',
    assignments: ['Retell a fable in three minutes', 'A personal story with a turning point'],
  },
  {
    title: 'Presenting with Confidence',
    image: 'presenting-with-confidence.png',
    teacher: 3,
    duration: 10,
    startWeek: -4,
    weeks: 8,
    status: 'active',
    description: 'Prepare and deliver presentations with slides, handle nerves and answer questions from the audience calmly.',
    assignments: ['Five-slide presentation plan', 'Practice run with a partner', 'Answer three audience questions'],
  },
  {
    title: 'Active Listening',
    image: 'active-listening.png',
    teacher: 0,
    duration: 6,
    startWeek: -10,
    weeks: 12,
    status: 'active',
    description: 'Practise listening to understand: summarising what you heard, asking good questions and building on ideas.',
    assignments: ['Listening log: one conversation', 'Summarise a partner’s talk in one minute', 'Prepare three questions for a panel'],
  },
  {
    title: 'Voice and Projection',
    image: 'voice-and-projection.png',
    teacher: 1,
    duration: 6,
    startWeek: -16,
    weeks: 6,
    status: 'inactive',
    description: 'Warm up the voice, breathe well and be heard at the back of the hall without shouting.',
    assignments: ['Daily warm-up diary', 'Read a poem to the back row'],
  },
  {
    title: 'Group Discussion Skills',
    image: 'group-discussion-skills.png',
    teacher: 2,
    duration: 9,
    startWeek: 2,
    weeks: 8,
    status: 'active',
    description: 'Take turns, invite quieter voices in and move a group towards a shared decision.',
    assignments: ['Discussion roles card', 'Chair a ten-minute group discussion', 'Reflection: who spoke and who did not'],
  },
  {
    title: 'Persuasive Speaking',
    image: 'persuasive-speaking.png',
    teacher: 3,
    duration: 12,
    startWeek: -22,
    weeks: 8,
    status: 'inactive',
    description: 'Use rhetoric, evidence and a call to action to persuade a real audience on a cause you care about.',
    assignments: ['Pitch a change to the school', 'Speech with a call to action', 'Evaluate a famous speech', 'Reflection: what went well'],
  },
];

/** Notices, oldest first (the newest is the last one). */
export const NOTICES: ReadonlyArray<{ title: string; description: string }> = [
  { title: 'Welcome to Oracy', description: 'Every course now has its own page. Start with the self-assessment so your teachers can see where you are.' },
  { title: 'Debate club starts Tuesday', description: 'The after-school debate club meets in room 12 at 3:30 pm. All year groups are welcome.' },
  { title: 'Speaking assessments next week', description: 'Short speaking assessments run in class next week. Your teacher will share the topics on Monday.' },
  { title: 'Library quiet hours', description: 'The library is a quiet space from 12:00 to 13:00 so that recordings can be made in the booth.' },
  { title: 'Parents’ evening', description: 'Parents’ evening is on Thursday from 4 pm. Students can show their speaking portfolio.' },
  { title: 'New course: Storytelling Aloud', description: 'A new short course on telling stories aloud starts this month. Ask your teacher to be enrolled.' },
];

/** One complaint: who files it (the demo student or teacher, or another by index), its status and its text. */
export interface DemoComplaint {
  /** the filer: the students' or the teachers' person at `index` (0 is the demo account) */
  by: { role: 'teacher' | 'student'; index: number };
  status: null | 'approved' | 'disapproved';
  title: string;
  description: string;
}

/** 12 complaints, oldest first: every status from both roles; the demo student and teacher (index 0) file one of each. */
export const COMPLAINTS: readonly DemoComplaint[] = [
  { by: { role: 'teacher', index: 0 }, status: 'approved', title: 'Microphone in room 12', description: 'The microphone in room 12 keeps cutting out during presentations.' },
  { by: { role: 'student', index: 0 }, status: 'approved', title: 'Assignment deadline clash', description: 'Two assignments are due on the same day; could one deadline move?' },
  { by: { role: 'student', index: 7 }, status: 'disapproved', title: 'Longer lunch break', description: 'Could lunch be longer on debate club days so we can eat before it starts?' },
  { by: { role: 'teacher', index: 2 }, status: 'approved', title: 'Projector cable missing', description: 'The HDMI cable for the projector in the hall is missing again.' },
  { by: { role: 'student', index: 0 }, status: 'disapproved', title: 'Skip the group task', description: 'I would like to do the group discussion task on my own instead.' },
  { by: { role: 'teacher', index: 0 }, status: 'disapproved', title: 'Room change for Active Listening', description: 'Could Active Listening move to the drama studio every week?' },
  { by: { role: 'student', index: 20 }, status: 'approved', title: 'Recording booth booked out', description: 'The recording booth was booked all week and I could not record my talk.' },
  { by: { role: 'teacher', index: 1 }, status: null, title: 'Course materials', description: 'The slides for the debate course are not shared with the students yet.' },
  { by: { role: 'student', index: 3 }, status: null, title: 'Feedback not visible', description: 'I cannot see the feedback on my last speech in the app.' },
  { by: { role: 'student', index: 12 }, status: null, title: 'Noise during assessments', description: 'The corridor was very loud during the speaking assessments.' },
  { by: { role: 'teacher', index: 0 }, status: null, title: 'Timer for practice talks', description: 'A large visible timer in room 12 would help students pace their talks.' },
  { by: { role: 'student', index: 0 }, status: null, title: 'Headphones for listening tasks', description: 'The listening tasks are hard to hear in class; could we borrow headphones?' },
];

/**
 * The admins' discussion, in order: `[sender index into ADMINS, text]`.
 * 80 lines over five working days of 16 lines each.
 */
export const DISCUSSION: ReadonlyArray<readonly [0 | 1, string]> = [
  // day 1: the new half term
  [0, 'Morning Priya! Ready for the new half term?'],
  [1, 'Morning! Nearly. The course list looks good, I checked every date yesterday.'],
  [0, 'Great. Group Discussion Skills starts next month, so it can stay active.'],
  [1, 'Agreed. Voice and Projection and Persuasive Speaking have ended, I set both to inactive.'],
  [0, 'Perfect. Did all the students get at least two courses?'],
  [1, 'Yes, everyone has two to four. Sam Taylor has four now.'],
  [0, 'Nice. Jordan asked for Sam in Active Listening, so that matches.'],
  [1, 'I will post a welcome notice so they know where to start.'],
  [0, 'Mention the self-assessment too, please. Teachers like to see it early.'],
  [1, 'Done. "Welcome to Oracy" is up.'],
  [0, 'Thanks! Do we have the debate club room confirmed?'],
  [1, 'Room 12, Tuesdays at 3:30. I will add a notice tomorrow.'],
  [0, 'Lovely. I am off to the staff briefing.'],
  [1, 'See you later.'],
  [0, 'Back. Maria says her debate slides are nearly ready.'],
  [1, 'Good, a student already asked about them.'],
  // day 2: complaints and equipment
  [1, 'Morning. Three new complaints overnight, two about equipment.'],
  [0, 'The microphone in room 12 again?'],
  [1, 'Yes, from Jordan. It cuts out halfway through every talk.'],
  [0, 'Let us approve it. I will order a new one today.'],
  [1, 'Approved. The other is the projector cable in the hall.'],
  [0, 'That one too. The site team keeps a spare in the office.'],
  [1, 'I asked them to label it this time.'],
  [0, 'Ha, good idea. What is the third?'],
  [1, 'A student wants a longer lunch on debate club days.'],
  [0, 'Not something we can change from here, I am afraid.'],
  [1, 'I will disapprove it and mention it to the head of year.'],
  [0, 'Thanks. Can you add the debate club notice now?'],
  [1, 'Posted: "Debate club starts Tuesday".'],
  [0, 'Brilliant. Two students have already asked to join.'],
  [1, 'Tell them to just turn up, there is space for thirty.'],
  [0, 'Will do.'],
  // day 3: courses and enrolments
  [0, 'Could you look at the course images? One looked stretched on my tablet.'],
  [1, 'They are all 345 by 140 now, the same as the placeholder.'],
  [0, 'Then it must have been my cache. Looks fine after a reload.'],
  [1, 'Good. David wants two more students in Storytelling Aloud.'],
  [0, 'Who are they?'],
  [1, 'Leo Brown and Isla Patel.'],
  [0, 'Assigned both. They should see it on their dashboard now.'],
  [1, 'Thanks. Aisha asked whether Presenting with Confidence can run for ten hours.'],
  [0, 'It already does, she may be looking at the old plan.'],
  [1, 'I will send her a screenshot of the course card.'],
  [0, 'Also, Persuasive Speaking needs new assignments for next term.'],
  [1, 'Let us keep it inactive until Aisha sends them.'],
  [0, 'Agreed. I will note it for the planning meeting.'],
  [1, 'Shall we announce Storytelling Aloud to everyone?'],
  [0, 'Yes please, it is a nice short course.'],
  [1, 'I will write the notice this afternoon.'],
  // day 4: assessments and parents' evening
  [1, 'Morning! Speaking assessments next week, the notice is up.'],
  [0, 'Thanks. Did the teachers get the topics?'],
  [1, 'Jordan and Maria have them. David and Aisha will have them by Friday.'],
  [0, 'Perfect. Remember the library quiet hours for recordings.'],
  [1, 'Posted as well: 12:00 to 13:00 every day.'],
  [0, 'Great. Parents’ evening is on Thursday from 4 pm.'],
  [1, 'I will add that notice and share the rota here.'],
  [0, 'Could students show their speaking portfolio on a laptop?'],
  [1, 'Yes, I booked six laptops from the IT office.'],
  [0, 'Brilliant. How many students have done the self-assessment?'],
  [1, 'About two thirds. The rest still show Beginner.'],
  [0, 'Let us remind the tutors on Monday.'],
  [1, 'Good idea. A few levels jumped to Proficient this week.'],
  [0, 'Lovely to see. The listening course seems to help.'],
  [1, 'Jordan will be pleased.'],
  [0, 'I will tell him at lunch.'],
  // day 5: reports and wrap-up
  [0, 'Morning. Can you check the export for the governors’ report?'],
  [1, 'Exported the CSV, it has every user with their role.'],
  [0, 'Thanks. They also asked for the number of courses.'],
  [1, 'Eight, six active and two inactive. It is on the dashboard too.'],
  [0, 'Perfect, I will copy the dashboard numbers.'],
  [1, 'Reminder: approve or disapprove the open complaints by Friday.'],
  [0, 'On it. A few are still on hold, I will go through them after lunch.'],
  [1, 'The one about the feedback not showing needs a look from the teacher first.'],
  [0, 'I will ask Maria about it.'],
  [1, 'The recording booth is booked out again this week.'],
  [0, 'Let us add a second slot in the library at lunchtime.'],
  [1, 'Done, I updated the library notice.'],
  [0, 'Thanks for all your help this week, Priya.'],
  [1, 'Likewise! Have a good weekend.'],
  [0, 'You too. Parents’ evening rota is in the shared folder.'],
  [1, 'Got it, see you on Monday.'],
];
