/** The Google integrations' messages (3-developer §8), shared by the server and the console (no zod here). */

export const PERSON_ALREADY_EXISTS = 'PERSON_ALREADY_EXISTS';
export const PERSON_ALREADY_EXISTS_MESSAGE = 'The person you are trying to add is already on your list';
export const CONTACT_ADDED = 'New contact added successfully!';
export const SHEETS_SUCCESS = 'Process Successful';
export const SHEETS_FAILURE = 'An error occurred during the process.';
export const SHEETS_FAILURE_DETAIL =
  'An error occurred while processing the spreadsheet. Please check if you have selected the Google Sheets Link and the active phone and try again.';
/** Why the Google integrations are off: the server's 501 and the console's notice, which then asks the server nothing. */
export const GOOGLE_NOT_CONFIGURED =
  'Google integrations are not configured on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set).';
