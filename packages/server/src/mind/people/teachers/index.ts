/** What other areas use of teachers: the head teachers of classes (the student card shows them). */
export { classTeachersOf } from './classes-repository.ts';
