import { useIonRouter } from '@ionic/react';
import { useEffect, useRef, useState } from 'react';
import { LazyImage } from '../../components/LazyImage';
import { useBanners } from '../../state/queries/banner';
import { Pressable } from '../../components/Pressable';

/** Home banners, asked for only when the home data carries an imageUrl; they advance every 4 s. */
export function Banners({ enabled }: { enabled: boolean }) {
  const { data } = useBanners(enabled);
  const router = useIonRouter();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const banners = [...(data ?? [])].sort((a, b) => a.sort - b.sort);
  const count = banners.length;

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el) return;
      const next = (Math.round(Math.abs(el.scrollLeft) / el.clientWidth) + 1) % count;
      const direction = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
      el.scrollTo({ left: direction * next * el.clientWidth, behavior: 'smooth' });
    }, 4000);
    return () => clearInterval(timer);
  }, [count]);

  if (!enabled || count === 0) return null;

  const open = (link: string | null) => {
    if (!link) return;
    if (link.startsWith('/')) router.push(link);
    else if (/^https:\/\//.test(link)) window.open(link, '_blank', 'noopener');
  };

  return (
    <section className="banners" data-testid="banners">
      <div
        className="banners__track"
        ref={track}
        onScroll={(e) => {
          const el = e.currentTarget;
          setIndex(Math.round(Math.abs(el.scrollLeft) / el.clientWidth));
        }}
      >
        {banners.map((banner) => (
          <Pressable type="button" key={banner.id} className="banners__slide" onClick={() => open(banner.link)} data-testid={`banner-${banner.id}`}>
            <LazyImage src={banner.imageUrl} alt="" fallback={<span className="banners__fallback" />} />
          </Pressable>
        ))}
      </div>
      {count > 1 && (
        <div className="banners__dots" aria-hidden="true">
          {banners.map((banner, i) => (
            <span key={banner.id} className={i === index ? 'is-active' : ''} />
          ))}
        </div>
      )}
    </section>
  );
}
