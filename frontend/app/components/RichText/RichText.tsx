import type { Block } from "../../contentModel/schema";
import { renderInline } from "./inline";
import styles from "./RichText.module.scss";

/** Running text from content blocks: paragraphs, subheadings, lists and notes. */
export function RichText({ blocks, className }: { blocks: Block[]; className?: string }) {
  return (
    <div className={[styles.prose, className].filter(Boolean).join(" ")}>
      {blocks.map((block, i) => {
        if ("p" in block) return <p key={i}>{renderInline(block.p)}</p>;
        if ("h2" in block) return <h2 key={i}>{renderInline(block.h2)}</h2>;
        if ("h3" in block) return <h3 key={i}>{renderInline(block.h3)}</h3>;
        if ("ul" in block)
          return (
            <ul key={i}>
              {block.ul.map((item, j) => (
                <li key={j}>{renderInline(item)}</li>
              ))}
            </ul>
          );
        if ("ol" in block)
          return (
            <ol key={i}>
              {block.ol.map((item, j) => (
                <li key={j}>{renderInline(item)}</li>
              ))}
            </ol>
          );
        return (
          <p key={i} className={styles.note}>
            {renderInline(block.note)}
          </p>
        );
      })}
    </div>
  );
}
