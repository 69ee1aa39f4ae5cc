import { describe, expect, it } from 'vitest';
import en from '../locales/en/errors.json';
import { AUDIT_ACTIONS } from './admin';
import { CODE_LENGTH } from './auth';
import { GROUP_PARTICIPANTS_MAX, MESSAGE_MAX, SEARCH_MIN } from './chat';
import { MAX_YEAR, MIN_YEAR } from './common';
import { MAX_GRID_DAYS, MAX_REPORT_DAYS } from './reports';
import { SEARCH_MAX_LENGTH } from './search';
import { MAX_TEAM_MEMBERS } from './teams';
import { MAX_EXPORT_DAYS } from './time-entries';

/**
 * A zod message is a key of locales/<language>/errors.json and takes no arguments, so a limit the
 * contract defines is written into the message itself: these say which limits, and fail when one
 * changes without its words.
 */
describe('the messages that name a limit of the contract', () => {
  it('name the limit the contract enforces', () => {
    expect(en).toMatchObject({
      audit_action_invalid: `Choose an action: ${Object.keys(AUDIT_ACTIONS).join(', ')}`,
      verification_code_length: `Verification code must be ${CODE_LENGTH} characters`,
      group_too_large: `A group can have at most ${GROUP_PARTICIPANTS_MAX} people`,
      message_too_long: `Message is too long (at most ${MESSAGE_MAX} characters)`,
      chat_search_too_short: `Type at least ${SEARCH_MIN} characters to search`,
      date_out_of_range: `Choose a date between ${MIN_YEAR} and ${MAX_YEAR}`,
      report_range_too_long: `Choose a range of at most ${MAX_REPORT_DAYS} days`,
      grid_range_too_long: `The grid shows at most ${MAX_GRID_DAYS} days: choose a shorter range`,
      search_too_long: `Search text is too long (at most ${SEARCH_MAX_LENGTH} characters)`,
      team_too_large: `A team has at most ${MAX_TEAM_MEMBERS} people`,
      export_too_long: `Export at most ${MAX_EXPORT_DAYS} days at a time`,
    });
  });
});
