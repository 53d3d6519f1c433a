import { useEffect, useState } from 'react';
import { LOGIN_IMAGE_ROTATION_MS } from '@verity/shared-api';
import leavesUrl from '../../assets/login-leaves.svg';
import meadowUrl from '../../assets/login-meadow.svg';

export const LOGIN_IMAGES = [
  { name: 'meadow', url: meadowUrl },
  { name: 'leaves', url: leavesUrl },
] as const;

function randomImageIndex(): number {
  return Math.floor(Math.random() * LOGIN_IMAGES.length) % LOGIN_IMAGES.length;
}

/** The two background images cross-fade every LOGIN_IMAGE_ROTATION_MS, starting at a random one. */
export function LoginBackground() {
  const [current, setCurrent] = useState(randomImageIndex);

  useEffect(() => {
    const timer = window.setInterval(
      () => setCurrent((index) => (index + 1) % LOGIN_IMAGES.length),
      LOGIN_IMAGE_ROTATION_MS,
    );
    return () => window.clearInterval(timer);
  }, []);

  return (
    <div className="login__background" aria-hidden="true" data-testid="login-background">
      {LOGIN_IMAGES.map((image, index) => (
        <div
          key={image.name}
          className="login__image"
          data-image={image.name}
          data-state={index === current ? 'active' : 'inactive'}
          style={{ backgroundImage: `url("${image.url}")` }}
        />
      ))}
    </div>
  );
}
