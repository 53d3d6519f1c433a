export {
  PICKABLE_IMAGE_TYPES,
  asPicked,
  hasTouchScreen,
  pickImages,
  prepareTakenPhotos,
} from './photo-picking';
export type { DraftImage, RefusedFile } from './photo-picking';
