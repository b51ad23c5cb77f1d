/**
 * The assignments concept's public face (docs/architecture.md#concept-folders-pwa): what other concepts use.
 * Another concept imports from here, never from a file inside; the shell's route table imports screens directly.
 */
export { AssignmentCards } from './AssignmentCards';
export { openFirst } from './assignmentOrder';
