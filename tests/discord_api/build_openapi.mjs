// Rebuilds openapi.json beside this file from the npm package `discord-api-spec`, which is
// generated daily from Discord's official OpenAPI specification (github.com/discord/discord-api-spec,
// MIT). The package ships the schemas as Zod and the routes as TypeScript, not as JSON, so this
// script puts them back together as an OpenAPI 3.1 document:
//   - every `<Name>Schema` export becomes `components.schemas.<Name>` through Zod's own
//     JSON Schema writer (z.toJSONSchema, input side: what a client may send);
//   - every route and method of the TypeScript `Paths` interface gets its request body as a
//     `$ref` to those schemas (a union becomes `anyOf`, `Name[]` an array).
// Usage (see README.md): copy this file into an empty directory, and there
//   npm install discord-api-spec@<version> zod@4 && node build_openapi.mjs <version> > openapi.json
import { readFileSync } from "node:fs";
import * as z from "zod/mini";
import * as schemas from "discord-api-spec/zod";

const version = process.argv[2];
if (!version) throw new Error("usage: node build_openapi.mjs <discord-api-spec version>");
// Run from the directory where the packages were installed (ES modules resolve beside the script).
const packageDir = "node_modules/discord-api-spec/";
const installed = JSON.parse(readFileSync(packageDir + "package.json", "utf8")).version;
if (installed !== version) throw new Error(`installed discord-api-spec is ${installed}, not ${version}`);

function componentSchemas() {
  const registry = z.registry();
  for (const [name, schema] of Object.entries(schemas)) {
    if (name.endsWith("Schema") && schema && typeof schema === "object" && "_zod" in schema) {
      registry.add(schema, { id: name.slice(0, -"Schema".length) });
    }
  }
  const out = z.toJSONSchema(registry, {
    io: "input", cycles: "ref", reused: "inline", unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  });
  const result = {};
  for (const [id, schema] of Object.entries(out.schemas)) {
    if (id === "__shared") throw new Error("anonymous shared schemas are not expected");
    const { $schema, $id, ...rest } = schema;
    result[id] = withoutFormatPatterns(rest);
  }
  return result;
}

// Zod writes its own regular expression beside a string format (`z.iso.datetime()` refuses a
// "+00:00" offset that RFC 3339 and Discord accept). Discord's document has the format alone.
function withoutFormatPatterns(schema) {
  if (Array.isArray(schema)) return schema.map(withoutFormatPatterns);
  if (!schema || typeof schema !== "object") return schema;
  const copy = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "pattern" && typeof schema.format === "string") continue;
    copy[key] = withoutFormatPatterns(value);
  }
  return copy;
}

// One request body type expression ("A | B[] | null") as a JSON Schema.
function bodySchema(expression, known) {
  const parts = expression.split("|").map((part) => part.trim()).filter(Boolean);
  const options = parts.map((part) => {
    if (part === "null") return { type: "null" };
    const array = part.endsWith("[]");
    const name = array ? part.slice(0, -2) : part;
    if (!known.has(name)) throw new Error(`request body type ${name} has no schema`);
    const ref = { $ref: `#/components/schemas/${name}` };
    return array ? { type: "array", items: ref } : ref;
  });
  return options.length === 1 ? options[0] : { anyOf: options };
}

function paths(known) {
  const source = readFileSync(packageDir + "build/discord-api-spec.ts", "utf8");
  const start = source.indexOf("export interface Paths {");
  const end = source.indexOf("\n}\n", start);
  const lines = source.slice(start, end).split("\n");
  const result = {};
  let path = null;
  let method = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    let match;
    if ((match = /^  "(\/[^"]*)": \{$/.exec(line))) {
      path = match[1];
      result[path] = {};
    } else if ((match = /^    (get|put|post|patch|delete): \{$/.exec(line))) {
      method = match[1];
      result[path][method] = {};
    } else if ((match = /^      requestBody\?:(.*)$/.exec(line))) {
      let expression = match[1].trim();
      if (expression === "undefined;") continue;
      if (expression === "{") {
        result[path][method]["x-inline-request-body"] = true;  // not a named schema: not kept
        continue;
      }
      while (!expression.endsWith(";")) expression += " " + lines[++i].trim();
      const schema = bodySchema(expression.slice(0, -1), known);
      result[path][method].requestBody = { content: { "application/json": { schema } } };
    }
  }
  return result;
}

const components = componentSchemas();
const document = {
  openapi: "3.1.0",
  info: {
    title: "Discord HTTP API v10 (request bodies)",
    version,
    "x-source": `npm discord-api-spec@${version}, generated from github.com/discord/discord-api-spec`,
    license: { name: "MIT", identifier: "MIT" },
  },
  paths: paths(new Set(Object.keys(components))),
  components: { schemas: components },
};
process.stdout.write(JSON.stringify(document, null, 1) + "\n");
