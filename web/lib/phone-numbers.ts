/** The phone number reader (libphonenumber-js, min metadata), shared with the widget package's QR generator. */
export { normalizeInternational, normalizePhone, PHONE_MSG, type PhoneCheck } from '@wapi/widgets/phone-numbers';
