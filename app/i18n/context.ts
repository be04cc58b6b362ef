import { createContext } from "react-router";
import type { Locale } from "#app/i18n/locales.ts";

/** The request's language, set by the root middleware for every loader and action. */
export const localeContext = createContext<Locale>("en");
