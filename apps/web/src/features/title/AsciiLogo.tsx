// The title logo in two variants: the wide one for desktop and a stacked one that fits a 375 px phone.
const DESKTOP = String.raw`
 ____  ____  _   _  ____   __        ___    ____  ____
|  _ \|  _ \| | | |/ ___|  \ \      / / \  |  _ \/ ___|
| | | | |_) | | | | |  _    \ \ /\ / / _ \ | |_) \___ \
| |_| |  _ <| |_| | |_| |    \ V  V / ___ \|  _ < ___) |
|____/|_| \_\\___/ \____|     \_/\_/_/   \_\_| \_\____/
`.slice(1);

const MOBILE = String.raw`
 ____  ____  _   _  ____
|  _ \|  _ \| | | |/ ___|
| | | | |_) | | | | |  _
| |_| |  _ <| |_| | |_| |
|____/|_| \_\\___/ \____|
__        ___    ____  ____
\ \      / / \  |  _ \/ ___|
 \ \ /\ / / _ \ | |_) \___ \
  \ V  V / ___ \|  _ < ___) |
   \_/\_/_/   \_\_| \_\____/
`.slice(1);

export function AsciiLogo() {
  return (
    <h1 className="logo" aria-label="DRUG WARS">
      <pre className="logo-desktop" aria-hidden="true">
        {DESKTOP}
      </pre>
      <pre className="logo-mobile" aria-hidden="true">
        {MOBILE}
      </pre>
    </h1>
  );
}
