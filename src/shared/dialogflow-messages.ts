/** The Dialogflow page's messages (3-developer §8), shared by the server and the console (no zod here). */

export const DIALOGFLOW_SAVED = 'Your Dialogflow settings were saved successfully';
export const DIALOGFLOW_FILE_JSON = 'Please choose a .json credentials file.';
