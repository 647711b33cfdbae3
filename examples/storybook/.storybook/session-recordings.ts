import { createClient } from "session-recordings-api";
import { createMock } from "session-recordings-api-mock";
import { storybookMock } from "session-recordings-api-mock/storybook";

export const sessionRecordings = storybookMock({ createMock, createClient });
