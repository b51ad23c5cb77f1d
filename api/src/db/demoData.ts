/**
 * The demo data set's fixed tables (decisions §10): names, courses, notices,
 * complaints and discussion lines. `seed.ts` turns them into documents.
 */

/** Password of every demo account (decisions §10). */
export const DEMO_PASSWORD = 'oracy-demo';

/** The three documented demo accounts (decisions §10). */
export const DEMO_ACCOUNTS = {
  admin: 'admin@oracy.test',
  teacher: 'teacher@oracy.test',
  student: 'student@oracy.test',
} as const;

/** Admins: the demo admin and a second one, so the discussion has two voices. */
export const ADMINS = [
  { firstName: 'Alex', lastName: 'Morgan', email: DEMO_ACCOUNTS.admin },
  { firstName: 'Priya', lastName: 'Shah', email: 'priya.shah@oracy.test' },
];

/** Four teachers; the first is the demo teacher. */
export const TEACHERS = [
  { firstName: 'Jordan', lastName: 'Ellis', email: DEMO_ACCOUNTS.teacher },
  { firstName: 'Maria', lastName: 'Lopez', email: 'maria.lopez@oracy.test' },
  { firstName: 'David', lastName: 'Chen', email: 'david.chen@oracy.test' },
  { firstName: 'Aisha', lastName: 'Okafor', email: 'aisha.okafor@oracy.test' },
];

/** The demo student; 29 more are made from the name lists below. */
export const DEMO_STUDENT = { firstName: 'Sam', lastName: 'Taylor', email: DEMO_ACCOUNTS.student };

export const STUDENT_FIRST_NAMES = [
  'Olivia', 'Noah', 'Amelia', 'Leo', 'Isla', 'Oscar', 'Ava', 'Arthur', 'Mia', 'Harry',
  'Ivy', 'Muhammad', 'Freya', 'George', 'Lily', 'Theo', 'Grace', 'Jack', 'Zara', 'Ethan',
  'Chloe', 'Finley', 'Maya', 'Samuel', 'Ruby', 'Yusuf', 'Evie', 'Daniel', 'Hana',
];
export const STUDENT_LAST_NAMES = [
  'Smith', 'Jones', 'Williams', 'Brown', 'Patel', 'Khan', 'Wilson', 'Evans', 'Thomas', 'Roberts',
  'Walker', 'Wright', 'Hughes', 'Green', 'Hall', 'Clarke', 'Ali', 'Murphy', 'Kaur', 'Lewis',
  'Young', 'King', 'Scott', 'Baker', 'Adams', 'Hussain', 'Mitchell', 'Turner', 'Nguyen',
];

/** The 8 courses; `image` names a file in `api/assets/courses/`; `teacher` indexes TEACHERS. */
export const COURSES = [
  { title: 'Public Speaking Foundations', image: 'public-speaking-foundations.png', teacher: 0, duration: 12, status: 'active',
    description: 'Build the habits of a confident speaker: planning a short talk, opening strongly and finishing with a clear message.' },
  { title: 'Debate and Argument', image: 'debate-and-argument.png', teacher: 1, duration: 16, status: 'active',
    description: 'Learn to build a case, listen to the other side and answer it with reasons and evidence in structured debates.' },
  { title: 'Storytelling Aloud', image: 'storytelling-aloud.png', teacher: 2, duration: 8, status: 'active',
    description: 'Tell stories that hold a room: pace, pauses and the voices of characters, from fables to personal stories.' },
  { title: 'Presenting with Confidence', image: 'presenting-with-confidence.png', teacher: 3, duration: 10, status: 'active',
    description: 'Prepare and deliver presentations with slides, handle nerves and answer questions from the audience calmly.' },
  { title: 'Active Listening', image: 'active-listening.png', teacher: 0, duration: 6, status: 'active',
    description: 'Practise listening to understand: summarising what you heard, asking good questions and building on ideas.' },
  { title: 'Voice and Projection', image: 'voice-and-projection.png', teacher: 1, duration: 6, status: 'inactive',
    description: 'Warm up the voice, breathe well and be heard at the back of the hall without shouting.' },
  { title: 'Group Discussion Skills', image: 'group-discussion-skills.png', teacher: 2, duration: 9, status: 'active',
    description: 'Take turns, invite quieter voices in and move a group towards a shared decision.' },
  { title: 'Persuasive Speaking', image: 'persuasive-speaking.png', teacher: 3, duration: 12, status: 'inactive',
    description: 'Use rhetoric, evidence and a call to action to persuade a real audience on a cause you care about.' },
] as const;

/** Assignment titles; each course takes 2–4 of them. */
export const ASSIGNMENT_TITLES = [
  'Two-minute talk on a hobby',
  'Listening log: one conversation',
  'Record a one-minute introduction',
  'Peer feedback on a speech',
  'Prepare three questions for a panel',
  'Reflection: what went well',
];

/** Notices, oldest first. */
export const NOTICES = [
  { title: 'Welcome to Oracy', description: 'Every course now has its own page. Start with the self-assessment so your teachers can see where you are.' },
  { title: 'Debate club starts Tuesday', description: 'The after-school debate club meets in room 12 at 3:30 pm. All year groups are welcome.' },
  { title: 'Speaking assessments next week', description: 'Short speaking assessments run in class next week. Your teacher will share the topics on Monday.' },
  { title: 'Library quiet hours', description: 'The library is a quiet space from 12:00 to 13:00 so that recordings can be made in the booth.' },
  { title: 'Parents’ evening', description: 'Parents’ evening is on Thursday from 4 pm. Students can show their speaking portfolio.' },
  { title: 'New course: Storytelling Aloud', description: 'A new short course on telling stories aloud starts this month. Ask your teacher to be enrolled.' },
];

/** Complaint texts by topic. */
export const COMPLAINT_TEXTS = [
  { title: 'Microphone in room 12', description: 'The microphone in room 12 keeps cutting out during presentations.' },
  { title: 'Assignment deadline clash', description: 'Two assignments are due on the same day; could one deadline move?' },
  { title: 'Recording booth booked out', description: 'The recording booth was booked all week and I could not record my talk.' },
  { title: 'Feedback not visible', description: 'I cannot see the feedback on my last speech in the app.' },
  { title: 'Projector cable missing', description: 'The HDMI cable for the projector in the hall is missing again.' },
  { title: 'Noise during assessments', description: 'The corridor was very loud during the speaking assessments.' },
  { title: 'Course materials', description: 'The slides for the debate course are not shared yet.' },
];

/** Lines of the admins' discussion, used in order and repeated as needed. */
export const DISCUSSION_LINES = [
  'Morning! Have you seen the new complaints queue?',
  'Yes, three about the hall equipment. I will ask the site team.',
  'Thanks. The debate club notice is up as well.',
  'Great. Should we move the speaking assessments to Thursday?',
  'Thursday works for the teachers I asked.',
  'I will update the notice then.',
  'Two new students joined the Storytelling course today.',
  'Assigned. They should see it on their dashboard now.',
  'Can you check the export for the governors’ report?',
  'Exported the CSV, it has every user with their role.',
  'The recording booth is booked out again this week.',
  'Let us add a second slot in the library at lunchtime.',
  'Parents’ evening rota is ready, I will share it here.',
  'Perfect, thank you!',
  'Reminder: approve or disapprove complaints by Friday.',
  'On it. The microphone one is approved, a new one is ordered.',
];
