import Link from "next/link";
import type { ReactNode } from "react";
import type { Block, Inline } from "@/lib/markdown";

// Renders lib/markdown's tree. React escapes every text, so nothing from the
// file is ever HTML; the tree only holds safe link targets (lib/markdown's safeHref).

const HEADING_CLASS = {
  1: "text-3xl font-bold",
  2: "pt-2 text-xl font-semibold",
  3: "text-lg font-semibold",
  4: "font-semibold",
  5: "font-semibold",
  6: "font-semibold",
} as const;

const LINK_CLASS = "text-brand underline hover:no-underline dark:text-indigo-300";

function InlineContent({ nodes }: { nodes: Inline[] }): ReactNode {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return node.text;
      case "code":
        return (
          <code key={index} className="rounded bg-slate-100 px-1 font-mono text-[0.9em] dark:bg-slate-800">
            {node.text}
          </code>
        );
      case "strong":
        return (
          <strong key={index}>
            <InlineContent nodes={node.children} />
          </strong>
        );
      case "em":
        return (
          <em key={index}>
            <InlineContent nodes={node.children} />
          </em>
        );
      case "link":
        return node.external ? (
          <a key={index} href={node.href} rel="noopener noreferrer" className={LINK_CLASS}>
            <InlineContent nodes={node.children} />
          </a>
        ) : (
          <Link key={index} href={node.href} className={LINK_CLASS}>
            <InlineContent nodes={node.children} />
          </Link>
        );
    }
  });
}

function BlockContent({ block }: { block: Block }) {
  switch (block.type) {
    case "heading": {
      const Tag = `h${block.level}` as const;
      return (
        <Tag className={HEADING_CLASS[block.level]}>
          <InlineContent nodes={block.children} />
        </Tag>
      );
    }
    case "paragraph":
      return (
        <p>
          <InlineContent nodes={block.children} />
        </p>
      );
    case "list": {
      const List = block.ordered ? "ol" : "ul";
      return (
        <List className={block.ordered ? "list-decimal space-y-1 pl-6" : "list-disc space-y-1 pl-6"}>
          {block.items.map((item, index) => (
            <li key={index}>
              <InlineContent nodes={item} />
            </li>
          ))}
        </List>
      );
    }
    case "rule":
      return <hr className="border-slate-200 dark:border-slate-800" />;
  }
}

export function MarkdownContent({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        <BlockContent key={index} block={block} />
      ))}
    </>
  );
}
