export { UploadField, type UploadFieldProps } from './upload-field';
export { useFilePreview } from './file-preview';
export { IMAGE_ROOT, fileUrlOf, stripRoot } from './image-root';
export { itemOf, itemsOf, valueOf, type UploadItem, type UploadValue } from './upload-value';
export { VENDOR_UPLOADS, type UploadVia } from './cloud-upload';
