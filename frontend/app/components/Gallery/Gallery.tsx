import { Picture } from "../Picture/Picture";

/** Placeholder until the lightbox gallery lands. */
export function Gallery({ images }: { images: { image: string; alt: string }[] }) {
  return (
    <ul>
      {images.map((p) => (
        <li key={p.image}>
          <Picture name={p.image} alt={p.alt} sizes="(min-width: 48rem) 16rem, 100vw" />
        </li>
      ))}
    </ul>
  );
}
