/** @type {import('next').NextConfig} */
const nextConfig = {
  // native and engine packages load from node_modules at run time rather than being bundled
  serverExternalPackages: [
    "better-sqlite3",
    "@prisma/adapter-better-sqlite3",
    "@prisma/client",
    "pg",
    "@prisma/adapter-pg",
  ],
  poweredByHeader: false,
};

export default nextConfig;
