/** The user agreement as a document: a title, an introduction and numbered sections. */
export interface Agreement {
  title: string;
  updated: string;
  intro: string[];
  sections: { heading: string; paragraphs: string[] }[];
}
