import { contentByLocale } from "#app/features/site/content.server.ts";

/** content/<lang>/job-opportunities.json: a terms-style article. */
export interface JobsContent {
  intro: string;
  sections: { id: string; title: string; body: string }[];
  note: string;
}

const files = import.meta.glob<{ default: JobsContent }>("/content/*/job-opportunities.json", { eager: true });

export const jobsContentFor = contentByLocale(files, "job-opportunities");
