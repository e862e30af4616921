// address-parse ships no types; the part we use.
declare module 'address-parse' {
  const AddressParse: { parse(text: string): Array<Record<string, string | undefined>> };
  export default AddressParse;
}
