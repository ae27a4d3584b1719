/** This package's version, as the default tracer reports it; a test keeps it equal to package.json's. */
export const OTEL_PACKAGE_VERSION = "0.1.0";
