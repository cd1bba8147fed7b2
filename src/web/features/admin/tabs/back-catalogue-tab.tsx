import { BackCatalogueUpload } from '#web/features/back-catalogue/admin/back-catalogue-upload';

/** The Back Catalogue tab: the back catalogue's admin screen. */
export function BackCatalogueTab() {
  return <BackCatalogueUpload />;
}
