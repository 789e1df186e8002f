import { Picture } from "../Picture/Picture";

export interface CarouselPhoto {
  image: string;
  alt: string;
}

/** Placeholder until the interactive carousel lands: shows every photo. */
export function Carousel({ photos, label }: { photos: CarouselPhoto[]; controls: "full" | "dots"; label: string }) {
  return (
    <div aria-label={label} role="group">
      {photos.map((p) => (
        <Picture key={p.image} name={p.image} alt={p.alt} sizes="(min-width: 48rem) 48rem, 100vw" />
      ))}
    </div>
  );
}
