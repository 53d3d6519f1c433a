export { PICKABLE_IMAGE_TYPES, hasTouchScreen, pickImages } from './photo-picking';
export type { RefusedFile } from './photo-picking';
