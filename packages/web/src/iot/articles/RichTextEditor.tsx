import { BoldOutlined, ItalicOutlined, OrderedListOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  testId?: string;
}

/**
 * The article editor (decision 0094): Tiptap's starter kit (headings, bold, italic, lists, quotes,
 * links) as a form field that holds HTML. The server sanitises whatever arrives; this only writes it.
 */
export function RichTextEditor({ value, onChange, testId }: Props) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: value ?? '',
    onUpdate: ({ editor }) => onChange?.(editor.isEmpty ? '' : editor.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor }) => ({
      bold: editor.isActive('bold'),
      italic: editor.isActive('italic'),
      h2: editor.isActive('heading', { level: 2 }),
      bullet: editor.isActive('bulletList'),
      ordered: editor.isActive('orderedList'),
    }),
  });
  const tool = (key: keyof typeof active, label: string, icon: React.ReactNode, run: () => void) => (
    <Tooltip title={label}>
      <Button
        size="small"
        type={active[key] ? 'primary' : 'text'}
        icon={icon}
        aria-label={label}
        aria-pressed={active[key]}
        onClick={run}
      />
    </Tooltip>
  );
  const chain = () => editor.chain().focus();
  return (
    <div className="rich-text" data-testid={testId}>
      <Flex gap={4} className="rich-text-tools">
        {tool('h2', t('articles.tools.heading'), <b>H</b>, () => chain().toggleHeading({ level: 2 }).run())}
        {tool('bold', t('articles.tools.bold'), <BoldOutlined />, () => chain().toggleBold().run())}
        {tool('italic', t('articles.tools.italic'), <ItalicOutlined />, () => chain().toggleItalic().run())}
        {tool('bullet', t('articles.tools.bullet'), <UnorderedListOutlined />, () => chain().toggleBulletList().run())}
        {tool('ordered', t('articles.tools.ordered'), <OrderedListOutlined />, () => chain().toggleOrderedList().run())}
      </Flex>
      <EditorContent editor={editor} className="rich-text-body" />
    </div>
  );
}
