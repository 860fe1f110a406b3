/**
 * Sizes of the chat-button generator's settings (3-developer §2.5), shared by the console's form and
 * the server's schema (src/shared/schemas/console/button.ts) without pulling zod into the page.
 */
export const BUTTON_LIMITS = { countryCode: 5, phone: 32, message: 1000, text: 100, offsetBottom: 1000 } as const;
/** The largest body the save call reads (the form is well under 2 kB). */
export const BUTTON_BODY_MAX = 4 * 1024;
