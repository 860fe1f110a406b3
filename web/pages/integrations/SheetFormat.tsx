import { Card } from '../../components/Card';

/** The sheet's column format (3-developer §5 "Sheets send"). */
export function SheetFormat() {
  return (
    <Card title="Sheet format" description="The first row may be a header. Up to 5,000 rows per run.">
      <dl className="w-pt-defs w-int-defs">
        <dt>A</dt>
        <dd>Type: text, media or poll</dd>
        <dt>B</dt>
        <dd>Recipient number with its country code</dd>
        <dt>C</dt>
        <dd>
          The message, the media URL (base64 data must start with a data:MIME;base64, prefix) or the poll question
        </dd>
        <dt>D</dt>
        <dd>Optional title (text), caption (media) or the first poll option</dd>
        <dt>D–F</dt>
        <dd>Poll options (at most 3)</dd>
        <dt>G</dt>
        <dd>TRUE for a single-choice poll</dd>
      </dl>
    </Card>
  );
}
