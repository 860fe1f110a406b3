import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { CodeBlock } from '../web/components/CodeBlock';
import { CopyButton } from '../web/components/CopyButton';
import { CopyField } from '../web/components/CopyField';
import { Pagination } from '../web/components/Pagination';
import { Switch } from '../web/components/Switch';
import { Table } from '../web/components/Table';
import { Tabs } from '../web/components/Tabs';
import { PID, QUEUES, TOKEN } from './developer-fixtures';

const meta = { title: 'Primitives/Tabs, Table, Switch, Copy', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

function TabsDemo() {
  const [tab, setTab] = useState<'a' | 'b' | 'c'>('a');
  return (
    <div className="w-card" style={{ maxWidth: 640 }}>
      <Tabs
        label="Demo tabs"
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'a', label: 'Messages Queue' },
          { value: 'b', label: 'Phones Webhooks' },
          { value: 'c', label: 'Deliveries' },
        ]}
      >
        <p className="w-muted">Panel of tab {tab}. Arrow keys, Home and End move between tabs.</p>
      </Tabs>
    </div>
  );
}
export const TabsStory: Story = { name: 'Tabs', render: () => <TabsDemo /> };
/** A phone's width: the bar scrolls sideways and fades the edge with more tabs past it. */
export const TabsOnAPhone: Story = {
  render: () => (
    <div style={{ maxWidth: 280 }}>
      <TabsDemo />
    </div>
  ),
};

function TableDemo({ empty, width = 720 }: { empty?: boolean; width?: number }) {
  const [page, setPage] = useState(1);
  return (
    <div style={{ display: 'grid', gap: 16, maxWidth: width }}>
      <Table
        caption="Queues"
        rows={empty ? [] : QUEUES}
        rowKey={(r) => r.id}
        empty="No matching results found."
        columns={[
          { key: 'id', header: 'ID', cell: (r) => r.id },
          { key: 'number', header: 'Number', cell: (r) => r.number || '–' },
          { key: 'queue', header: 'Queue', align: 'end', cell: (r) => r.queue },
        ]}
      />
      <Pagination page={page} pages={4} onChange={setPage} summary="180 records" />
    </div>
  );
}
export const TableWithPaging: Story = { render: () => <TableDemo /> };
export const EmptyTable: Story = { render: () => <TableDemo empty /> };
/** Narrower than its columns: the table scrolls inside its box, the edge with more past it faded. */
export const TableOnAPhone: Story = { render: () => <TableDemo width={200} /> };

function SwitchDemo() {
  const [on, setOn] = useState(true);
  return (
    <Switch
      label="Send delivery acknowledgements"
      hint="Ack events are posted to the webhook too."
      checked={on}
      onChange={setOn}
    />
  );
}
export const SwitchStory: Story = { name: 'Switch', render: () => <SwitchDemo /> };

/** 'Copied' on the button for 2 s (token page), or the 'Copied to clipboard!' notice (documentation). */
export const CopyFields: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 520 }}>
      <CopyField label="Product ID" value={PID} feedback="indicator" />
      <CopyField label="Token" value={TOKEN} secret feedback="notice" />
      <div>
        <CopyButton value="text" label="Copy text" text="Copy" />
      </div>
    </div>
  ),
};

export const Code: Story = {
  render: () => (
    <div style={{ maxWidth: 640 }}>
      <CodeBlock
        label="curl"
        code={`curl -X POST 'https://console.example.com/api/${PID}/101/sendMessage' \\\n  -H 'x-api-key: ${TOKEN}' \\\n  -d '{"to_number":"905301234567","type":"text","message":"Hi"}'`}
      />
    </div>
  ),
};
