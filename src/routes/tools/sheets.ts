import { readSheetRows, spreadsheetIdOf, writeSheetResults } from '../../services/google/sheets';
import { getPhone } from '../../services/phones/phones';
import { sendSheetRows } from '../../services/sheets/sender';
import { sheetSenderAnswer, sheetSenderBody } from '../../shared/schemas/integrations';
import { CONSOLE_TAGS, signedInBody } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';
import { ownProduct } from '../kit/own-product';

/** Rows of an uploaded file may carry base64 media. */
const SHEET_BODY_MAX = 8 * 1024 * 1024;

const send = endpoint(
  'post',
  '/sheetsender',
  CONSOLE_TAGS.integrations,
  'Send a campaign from a Google Sheet or an uploaded .xlsx / .csv, one queued message per row',
  {
    body: body(sheetSenderBody, {
      sheet: {
        spreadsheetId: 'https://docs.google.com/spreadsheets/d/1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789/edit',
        phoneID: 1,
      },
      file: {
        phoneID: 1,
        file_name: 'campaign.xlsx',
        rows: [
          ['type', 'number', 'message'],
          ['text', '905301234567', 'Hello from the campaign'],
          ['poll', '905301234567', 'Which day?', 'Monday', 'Friday', '', 'TRUE'],
        ],
      },
    }),
  },
  ok(sheetSenderAnswer),
  signedInBody(SHEET_BODY_MAX),
);

/** `/api/googlesheets/*`: the Google Sheets sender (3-developer §2.10, §5, §7). */
export const sheetsRoutes = routes().openapi(send, async (c) => {
  const input = c.req.valid('json');
  const product = await ownProduct(c, input.product_id ?? input.production_id);
  const ctx = c.get('ctx');
  const phone = await getPhone(ctx, product.id, input.phoneID);
  const sheetId = input.spreadsheetId ? spreadsheetIdOf(input.spreadsheetId) : null;
  const rows = sheetId ? await readSheetRows(ctx, product.id, sheetId) : (input.rows ?? []);
  const { column, ...run } = await sendSheetRows(ctx, phone, rows);
  const written = sheetId ? await writeSheetResults(ctx, product.id, sheetId, column) : false;
  return c.json({ ...run, written_back: written }, 200);
});
