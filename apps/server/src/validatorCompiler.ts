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

export const strictValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const typeCheck = Compile(schema);
  const integers = httpPart === 'body' ? [] : integerProperties(schema);
  return (value: unknown) => {
    // Read before converting: Value.Convert may convert the object in place.
    const notWhole: [string, string][] = [];
    if (integers.length > 0 && value !== null && typeof value === 'object') {
      for (const name of integers) {
        const text = (value as Record<string, unknown>)[name];
        if (typeof text === 'string' && !WHOLE_NUMBER_TEXT.test(text)) notWhole.push([name, text]);
      }
    }
    let converted = httpPart === 'body' ? value : Value.Convert(schema, value);
    if (notWhole.length > 0) converted = { ...(converted as Record<string, unknown>), ...Object.fromEntries(notWhole) };
    if (typeCheck.Check(converted)) return { value: converted };
    return { error: typeCheck.Errors(converted) as unknown as FastifySchemaValidationError[] };
  };
};
