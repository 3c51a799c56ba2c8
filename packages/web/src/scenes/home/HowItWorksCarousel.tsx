import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { FocusEvent } from 'react';
import { CONFIRMATION_LINK_VALIDITY_HOURS, WEB_TEXTS } from '@prijsalarm/core';
import { CarouselStore } from './CarouselStore';
import { Icon } from '../../components/ui/Icon';

const texts = WEB_TEXTS.home;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/**
 * The 4 steps of how it works, as an accessible carousel (WAI-ARIA APG): a pause
 * button, previous/next buttons and one button per step; the live region speaks only while paused.
 */
export const HowItWorksCarousel = observer(function HowItWorksCarousel() {
  const steps = texts.steps(CONFIRMATION_LINK_VALIDITY_HOURS);
  const [carousel] = useState(
    () => new CarouselStore(steps.length, { reducedMotion: prefersReducedMotion() }),
  );
  useEffect(() => {
    carousel.start();
    return carousel.dispose;
  }, [carousel]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
      carousel.setFocused(false);
    }
  };
  const labels = texts.carousel;
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={labels.label}
      onMouseEnter={() => carousel.setHovered(true)}
      onMouseLeave={() => carousel.setHovered(false)}
      onFocus={() => carousel.setFocused(true)}
      onBlur={onBlur}
    >
      <div className="carousel__controls">
        <button
          type="button"
          className="carousel__button carousel__play"
          onClick={carousel.togglePlaying}
        >
          {carousel.playing ? labels.pause : labels.play}
        </button>
        <button
          type="button"
          className="carousel__button"
          aria-label={labels.previous}
          onClick={carousel.previous}
        >
          <Icon name="chevron-left" />
        </button>
        <button
          type="button"
          className="carousel__button"
          aria-label={labels.next}
          onClick={carousel.next}
        >
          <Icon name="chevron-right" />
        </button>
      </div>
      <div className="carousel__track" aria-live={carousel.paused ? 'polite' : 'off'}>
        {steps.map((step, index) => {
          const current = index === carousel.index;
          return (
            <div
              key={step.title}
              className={current ? 'carousel__slide is-current' : 'carousel__slide'}
              role="group"
              aria-roledescription="slide"
              aria-label={labels.step(index + 1, steps.length)}
              aria-hidden={!current}
            >
              <span className="carousel__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="carousel__title">{step.title}</h3>
              <p className="carousel__text">{step.text}</p>
            </div>
          );
        })}
      </div>
      <div className="carousel__dots">
        {steps.map((step, index) => (
          <button
            key={step.title}
            type="button"
            className="carousel__dot"
            aria-label={labels.goTo(index + 1)}
            aria-current={index === carousel.index ? 'step' : undefined}
            onClick={() => carousel.goTo(index)}
          />
        ))}
      </div>
    </section>
  );
});

export default HowItWorksCarousel;
