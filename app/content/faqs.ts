// FAQs: the questions and answers under the internships list, in the order staff set. Question and
// answer are both required, with one message for either missing; a failed save says
// 'Operation failed.' inline.
import { z } from "zod";
import { requiredText } from "./kit/schema";
import { defineCollection, MANUAL_ORDER, recordFrom } from "./kit/types";

export const FAQ_REQUIRED = "Both question and answer are required.";
export const QUESTION_MAX = 300;
export const ANSWER_MAX = 5000;

const required = (max: number, what: string) => requiredText(FAQ_REQUIRED, max, what);

const schema = z.object({
  question: required(QUESTION_MAX, "question"),
  answer: required(ANSWER_MAX, "answer"),
});

export const faqs = defineCollection({
  entity: "faq",
  collection: "faqs",
  schema,
  record: recordFrom(schema),
  fields: [
    {
      kind: "text",
      name: "question",
      label: "Question",
      placeholder: "Enter question",
      maxLength: QUESTION_MAX,
    },
    {
      kind: "textarea",
      name: "answer",
      label: "Answer",
      placeholder: "Enter answer",
      maxLength: ANSWER_MAX,
      hint: "Line breaks are kept on the public page.",
    },
  ],
  texts: { createFailed: "Operation failed.", updateFailed: "Operation failed." },
  summary: (f) => f.question,
  searchFields: ["question", "answer"],
  ordered: true,
  publicSort: MANUAL_ORDER,
  admin: {
    path: "/admin/dashboard/faq",
    title: "Manage FAQs",
    description: "The questions and answers under the internships list, in the order shown there.",
    siteLink: "/internships#faq-heading",
    addLabel: "Add New FAQ",
    formTitle: { create: "Add New FAQ", edit: "Edit FAQ" },
    noun: ["FAQ", "FAQs"],
    search: { label: "Search FAQs", placeholder: "Words in a question or answer" },
    emptyText: "No FAQs found.",
    titleColumn: { label: "Question", title: "question", sort: true },
    columns: [{ label: "Answer", field: "answer", kind: "text", from: "md", preLine: true }],
    subject: (f) => String(f.question),
  },
  api: {
    path: "/api/faqs",
    tag: "FAQs",
    listSummary: "Every FAQ in the public page's order (set in the admin with Move up / Move down)",
    updateDescription: "The FAQ's question and answer, as for POST.",
  },
  example: {
    question: "Do you build mobile apps?",
    answer: "Yes: iOS and Android, native or with React Native.",
  },
});

export type Faq = z.output<typeof faqs.record> & { _id: string };
