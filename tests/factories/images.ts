// Images for upload tests: real small PNGs, a decompression bomb and a phone photo with GPS.
export * from "@lib/files/test-images";
