/** Request examples of sendMessage: every example of the reference API, plus polls. Shown in the API reference and the docs page. */
export const SEND_EXAMPLES: Record<string, Record<string, unknown>> = {
  'Text Message': {
    to_number: '905301234567',
    type: 'text',
    message: 'Hello World!',
  },
  'Emoji Message': {
    to_number: '905301234567',
    type: 'text',
    message: 'You can use ascii emojis 😀 in your text 📝 messages.',
  },
  'Ignore Dupe Filter Example': {
    to_number: '905301234567',
    type: 'text',
    message: 'You can add skip_filter: true in messages to skip dupe filter.',
    skip_filter: true,
  },
  'Media Message': {
    to_number: '905301234567@c.us',
    type: 'media',
    message: 'http://placehold.it/180',
    text: 'Message Caption (optional)',
  },
  'Media Message (base64)': {
    to_number: '905301234567@c.us',
    type: 'media',
    message:
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    text: 'Message Caption (optional)',
  },
  'Media Message (Custom Name)': {
    to_number: '905301234567@c.us',
    type: 'media',
    message: 'https://cdnydm.com/permedia/SHjKBCXHOfpCf37aIP6EXw.txt',
    filename: 'demo.txt',
  },
  'Group Message': {
    to_number: '905301234567-1574073754@g.us',
    type: 'text',
    message: 'Hello World!',
  },
  'Group Mention Message': {
    to_number: '905301234567-1574073754@g.us',
    type: 'text',
    message: 'Just put the number after a at symbol. Example: @905301234567 You can use multiple number.',
  },
  'vCard Message': {
    to_number: '905301234567@c.us',
    type: 'vcard',
    message: {
      displayName: 'John Doe',
      vcard:
        'BEGIN:VCARD\nVERSION:3.0\nFN;CHARSET=UTF-8:John Doe\nN;CHARSET=UTF-8:;John;Doe;;\nTEL;TYPE=CELL:+9051234567\nREV:2020-01-23T11:09:14.782Z\nEND:VCARD',
    },
  },
  'File Message': {
    to_number: '905301234567@c.us',
    type: 'media',
    message: 'https://www.w3.org/WAI/ER/tests/xhtml/testfiles/resources/pdf/dummy.pdf',
    text: 'Message Caption (optional)',
  },
  'Contact Message': {
    to_number: '905301234567@c.us',
    type: 'contact',
    message: '908501234567@c.us',
  },
  'Forward Message': {
    to_number: '905301234567@c.us',
    type: 'forward',
    message: 'false_905301234567-1586347989@g.us_3EB0A81ECEA6D47F2F13',
    forward_caption: true,
  },
  'Forward Message (Outgoing)': {
    to_number: '905301234567@c.us',
    type: 'forward',
    message: '50d8b950-a67f-11eb-91cc-d97af631df95',
    forward_caption: true,
  },
  'Delete Message': {
    to_number: '905301234567@c.us',
    type: 'delete',
    message: '50d8b950-a67f-11eb-91cc-d97af631df95',
  },
  'Reply Message': {
    to_number: '905301234567@c.us',
    type: 'text',
    message: 'Message Text',
    reply_to: 'false_905301234567-1586347989@g.us_3EB0A81ECEA6D47F2F13',
  },
  'Reply Message (Outgoing)': {
    to_number: '905301234567@c.us',
    type: 'text',
    message: 'Message Text',
    reply_to: '50d8b950-a67f-11eb-91cc-d97af631df95',
  },
  'Reaction Message': {
    to_number: '905301234567@c.us',
    type: 'reaction',
    message: '😀',
    reply_to: 'false_905301234567-1586347989@g.us_3EB0A81ECEA6D47F2F13',
  },
  'Edit Message': {
    to_number: '905301234567@c.us',
    type: 'edit',
    message: 'Hello!!',
    reply_to: 'false_905301234567-1586347989@g.us_3EB0A81ECEA6D47F2F13',
  },
  'Location Message': {
    to_number: '905301234567@c.us',
    type: 'location',
    text: 'Fatih Sultan Mehmet Köprüsü',
    latitude: '41.093292',
    longitude: '29.061737',
  },
  'Link Message': {
    to_number: '905301234567@c.us',
    type: 'link',
    message: 'https://maytapi.com/',
    text: 'WhatsApp API (optional)',
  },
  'Product Message (beta)': {
    to_number: '905301234567@c.us',
    type: 'product',
    productId: '3121315354601301',
  },
  'Buttons Message (beta)': {
    to_number: '905301234567@c.us',
    type: 'buttons',
    message: 'Message Body',
    buttons: [
      {
        id: '!response 1',
        text: 'Test Button 1',
      },
      {
        id: '!response 2',
        text: 'Test Button 2',
      },
      {
        id: '!response 3',
        text: 'Test Button 3',
      },
    ],
  },
  'Buttons Message with Title and Footer (beta)': {
    to_number: '905301234567@c.us',
    type: 'buttons',
    message: 'Message Body',
    buttons: [
      {
        id: '!response 1',
        text: 'Test Button 1',
      },
      {
        id: '!response 2',
        text: 'Test Button 2',
      },
      {
        id: '!response 3',
        text: 'Test Button 3',
      },
    ],
    footer: 'footer',
    title: 'title',
  },
  'Poll Message': {
    to_number: '905301234567@c.us',
    type: 'poll',
    message: 'Which day suits you?',
    options: ['Monday', 'Tuesday', 'Wednesday'],
    only_one: true,
  },
  'Template Message': {
    to_number: '905301234567@c.us',
    type: 'template',
    template: {
      name: 'order_update',
      language: 'en_US',
      components: [
        {
          type: 'body',
          parameters: [
            {
              type: 'text',
              text: '#1234',
            },
          ],
        },
      ],
    },
  },
  'List Message': {
    to_number: '905301234567@c.us',
    type: 'list',
    message: 'Pick a delivery slot',
    button: 'Slots',
    sections: [
      {
        title: 'Tomorrow',
        rows: [
          {
            id: 'slot-am',
            title: 'Morning',
            description: '9:00 to 12:00',
          },
          {
            id: 'slot-pm',
            title: 'Afternoon',
          },
        ],
      },
    ],
  },
};
