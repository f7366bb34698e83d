// Request validation against the protocol's TypeBox schemas. Querystrings, path parameters and headers arrive as
// text and are converted to the schema's types first (TypeBox's Value.Convert, as the stock compiler of
// @fastify/type-provider-typebox does), with one difference: text that is not a whole number stays text where the
// schema wants an integer. Value.Convert turns '2.7' into 2, so `?limit=2.7` was accepted as 2; here it fails the
// schema like any other non-integer ("limit must be a whole number.").
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

/** Digits, with a minus sign for a negative number (which the schema's minimum then refuses); nothing else. */
const WHOLE_NUMBER_TEXT = /^-?\d+$/;

/** Property names whose schema is an integer (the converted parts are flat objects of scalars). */
function integerProperties(schema: TSchema): string[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return Object.keys(properties).filter((name) => properties[name]?.type === 'integer');
}

/**
 * Whether converting can change nothing: every property is plain text (the session headers of every game call),
 * and text stays text. Convert walks the whole part on every request, so it is skipped there.
 */
function onlyTextProperties(schema: TSchema): boolean {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties;
  return properties !== undefined && Object.values(properties).every((p) => p.type === 'string');
}

/** A pass that leaves the request's part as it is. */
const VALID = Object.freeze({});

export const strictValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const typeCheck = Compile(schema);
  const integers = httpPart === 'body' ? [] : integerProperties(schema);
  const convert = httpPart !== 'body' && !onlyTextProperties(schema);
  return (value: unknown) => {
    // Read before converting: Value.Convert may convert the object in place.
    const notWhole: [string, string][] = [];
    if (integers.length > 0 && value !== null && typeof value === 'object') {
      for (const name of integers) {
        const text = (value as Record<string, unknown>)[name];
        if (typeof text === 'string' && !WHOLE_NUMBER_TEXT.test(text)) notWhole.push([name, text]);
      }
    }
    let converted = convert ? Value.Convert(schema, value) : value;
    if (notWhole.length > 0) converted = { ...(converted as Record<string, unknown>), ...Object.fromEntries(notWhole) };
    // The same object back is not handed to Fastify as a value: it would set request.headers to it, and every later
    // read of request.headers (the session id, the Idempotency-Key) would then copy all the headers (Fastify's
    // getter merges "additional" headers into a new object). A missing part (null here) is still handed back: Fastify
    // sets an absent body to null that way, as before.
    if (typeCheck.Check(converted)) return converted === value && value !== null ? VALID : { value: converted };
    return { error: typeCheck.Errors(converted) as unknown as FastifySchemaValidationError[] };
  };
};
