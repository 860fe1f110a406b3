/** WhatsApp's text formatting, shared with the Text Formatter tool of the widgets package (one renderer). */
export { parseFormatting, type Span } from '@wapi/widgets/wa-format';
