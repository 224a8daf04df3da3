// The text conditions live with the rest of the engine-neutral SQL helpers in the database layer;
// kept here for the repositories of the apps that import them from this path.
export { contains, containsPattern } from '../../platform/db/sql.ts';
