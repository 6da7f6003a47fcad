// Images for upload tests: real small PNGs, a decompression bomb and a phone photo with GPS.
import "../setup/compose";
export * from "@lib/files/test-images";
