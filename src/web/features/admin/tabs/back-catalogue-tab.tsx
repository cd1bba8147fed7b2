import { BackCatalogueUpload } from '#web/features/back-catalogue/admin/back-catalogue-upload';

/** Spec 02 §2.6 B.3: the back catalogue's admin screen. */
export function BackCatalogueTab() {
  return <BackCatalogueUpload />;
}
