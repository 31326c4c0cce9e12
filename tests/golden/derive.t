# provkg check-derivation: textbook derivations written right, and each with one planted
# error (a dropped square, a dropped 1/r^2, a factor of 2, a vector set equal to a scalar)

$ provkg check-derivation --json tests/fixtures/derive/bohr.txt | grep -o '"verdict":"[a-z_]*","reason":"[^"]\{0,90\}'
> "verdict":"consistent","reason":"the sides agree in dimension (m kg s^-2 | m kg s^-2)
> "verdict":"consistent","reason":"the sides agree in dimension (m^2 kg s^-1 | m^2 kg s^-1)
> "verdict":"consistent","reason":"the sides agree in dimension (m | m | m)
> "verdict":"consistent","reason":"the sides agree in dimension (m^2 kg s^-2 | m^2 kg s^-2 | m^2 kg s^-2 | m^2 kg s^-2)
> "verdict":"consistent","reason":"the sides agree in dimension (m^2 kg s^-2 | m^2 kg s^-2)

$ provkg check-derivation --json tests/fixtures/derive/bohr-error.txt | grep -o '"verdict":"[a-z_]*","reason":"[^"]\{0,90\}'
> "verdict":"consistent","reason":"the sides agree in dimension (m kg s^-2 | m kg s^-2)
> "verdict":"consistent","reason":"the sides agree in dimension (m^2 kg s^-1 | m^2 kg s^-1)
> "verdict":"consistent","reason":"the sides agree in dimension (m | m | m)
> "verdict":"inconsistent","reason":"the two sides differ in dimension: \\frac{e^2}{8\\pi\\varepsilon_0 r_n} is m^2 kg s^-2 but
> "verdict":"consistent","reason":"the sides agree in dimension (m^2 kg s^-2 | m^2 kg s^-2)
? 1

$ provkg check-derivation --json tests/fixtures/derive/de-broglie.txt | grep -o '"verdict":"[a-z_]*","reason":"[^"]\{0,90\}'
> "verdict":"consistent","reason":"the sides agree in dimension (m kg s^-1 | m kg s^-1)
> "verdict":"consistent","reason":"the sides agree in dimension (m | m | m | m)
> "verdict":"consistent","reason":"the sides agree in dimension (kg | kg)
> "verdict":"unknown","reason":"dimensions not decided: a numerical-value equation (a rounded coefficient with symbols sta

$ provkg check-derivation --json tests/fixtures/derive/de-broglie-error.txt | grep -o '"verdict":"[a-z_]*","reason":"[^"]\{0,90\}'
> "verdict":"consistent","reason":"the sides agree in dimension (m kg s^-1 | m kg s^-1)
> "verdict":"broken_step","reason":"step 3, \\frac{h}{\\sqrt{2mE}} = \\frac{\\pi\\hbar}{\\sqrt{2mE}}, fails at m=2.466, E=1.84
> "verdict":"consistent","reason":"the sides agree in dimension (kg | kg)
> "verdict":"unknown","reason":"dimensions not decided: a numerical-value equation (a rounded coefficient with symbols sta
? 1

$ provkg check-derivation --json tests/fixtures/derive/wannier-mott.txt | grep -o '"verdict":"[a-z_]*","reason":"[^"]\{0,90\}'
> "verdict":"consistent","reason":"the sides agree in dimension (m^2 kg s^-2 | m^2 kg s^-2 | m^2 kg s^-2)
> "verdict":"consistent","reason":"the sides agree in dimension (m^2 kg s^-2 | m^2 kg s^-2 | m^2 kg s^-2)
> "verdict":"consistent","reason":"the sides agree in dimension (m | m | m)
> "verdict":"consistent","reason":"the sides agree in dimension (kg | kg)
> "verdict":"consistent","reason":"the sides agree in dimension (1 | 1)
> "verdict":"consistent","reason":"the sides agree in dimension (m^2 kg s^-2 | m^2 kg s^-2)

$ provkg check-derivation --json tests/fixtures/derive/wannier-mott-error.txt | grep -o '"verdict":"[a-z_]*","reason":"[^"]\{0,90\}'
> "verdict":"inconsistent","reason":"the two sides differ in dimension: E_b is m^2 kg s^-2 but \\frac{\\mu e^4}{2(4\\pi\\vareps
> "verdict":"consistent","reason":"the sides agree in dimension (m^2 kg s^-2 | m^2 kg s^-2 | m^2 kg s^-2)
> "verdict":"consistent","reason":"the sides agree in dimension (m | m | m)
> "verdict":"consistent","reason":"the sides agree in dimension (kg | kg)
> "verdict":"consistent","reason":"the sides agree in dimension (1 | 1)
> "verdict":"consistent","reason":"the sides agree in dimension (m^2 kg s^-2 | m^2 kg s^-2)
? 1

$ provkg check-derivation --json tests/fixtures/derive/spherical.txt | grep -o '"verdict":"[a-z_]*","reason":"[^"]\{0,90\}'
> "verdict":"consistent","reason":"the sides agree in dimension (m^-2 [ψ] | m^-2 [ψ])
> "verdict":"unknown","reason":"dimensions not decided: unbound ψ, R, Y (no unit or meaning stated in the text, no constan
> "verdict":"consistent","reason":"the sides agree in dimension (1 | 1 | 1)

$ provkg check-derivation --json tests/fixtures/derive/spherical-error.txt | grep -o '"verdict":"[a-z_]*","reason":"[^"]\{0,90\}'
> "verdict":"inconsistent","reason":"added terms differ in dimension: \\frac{\\partial}{\\partial r}\\left(r^2\\frac{\\partial\
> "verdict":"unknown","reason":"dimensions not decided: unbound ψ, R, Y (no unit or meaning stated in the text, no constan
> "verdict":"consistent","reason":"the sides agree in dimension (1 | 1 | 1)
? 1

$ provkg check-derivation --json tests/fixtures/derive/coulomb-field.txt | grep -o '"verdict":"[a-z_]*","reason":"[^"]\{0,90\}'
> "verdict":"unknown","reason":"dimensions not decided: unbound vec E (no unit or meaning stated in the text, no constant 

$ provkg check-derivation --json tests/fixtures/derive/coulomb-field-error.txt | grep -o '"verdict":"[a-z_]*","reason":"[^"]\{0,90\}'
> "verdict":"inconsistent","reason":"a vector against a scalar: \\vec{E} is [vec E] (vector) but \\frac{q}{4\\pi\\varepsilon_0 
? 1

$ provkg check-derivation tests/fixtures/derive/spherical-error.txt
> equation 1 [88, 360]  inconsistent
>   \nabla^2\psi = \frac{\partial}{\partial r}\left(r^2\frac{\partial\psi}{\partial r}\right) + \frac{1}{r^2\sin\theta}\frac{\partial}{\partial\theta}\left(\sin\theta\frac{\partial\psi}{\partial\theta}\right) + \frac{1}{r^2\sin^2\theta}\frac{\partial^2\psi}{\partial\phi^2}
>   added terms differ in dimension: \frac{\partial}{\partial r}\left(r^2\frac{\partial\psi}{\partial r}... is [ψ] but \frac{1}{r^2\sin\theta}\frac{\partial}{\partial\theta}\left(\sin\th... is m^-2 [ψ]
>   steps: 0 checked, 0 hold; step 1 not judged: a derivative
> equation 2 [401, 441]  unknown
>   \psi(r,\theta,\phi) = R(r)Y(\theta,\phi)
>   dimensions not decided: unbound ψ, R, Y (no unit or meaning stated in the text, no constant of the graph)
>   steps: 0 checked, 0 hold; step 1 not judged: it substitutes a relation (ψ on one side only)
> equation 3 [488, 723]  consistent
>   \frac{1}{R}\frac{d}{dr}\left(r^2\frac{dR}{dr}\right) = -\frac{1}{Y\sin\theta}\frac{\partial}{\partial\theta}\left(\sin\theta\frac{\partial Y}{\partial\theta}\right) - \frac{1}{Y\sin^2\theta}\frac{\partial^2 Y}{\partial\phi^2} = l(l+1)
>   the sides agree in dimension (1 | 1 | 1)
>   steps: 0 checked, 0 hold; step 1 not judged: a derivative
> bindings: l: the text: the integer; r: m (spherical coordinates: r is a length); θ: 1 (spherical coordinates: an angle); φ: 1 (spherical coordinates: an angle)
? 1

# a function of a dimensioned argument; E/k_B T read as physics writes it, and as a/b c when that matters
$ provkg check-derivation --text 'with $E_g$ in eV: $f = \exp(E_g)$ and $n = N_c e^{-E_g/k_B T}$, $T$ in K, $N_c$ in cm^-3, $n$ in cm^-3' --json | grep -o '"verdict":"[a-z_]*","reason":"[^"]*'
> "verdict":"inconsistent","reason":"\\exp of a dimensioned argument: (E_g) is m^2 kg s^-2, not a pure number
> "verdict":"unknown","reason":"dimensions not decided: E_g/k_B T can be read as a/(b c) or (a/b) c, which differ
? 1

$ provkg check-derivation --text 'where $E$ is the energy and $m$ the mass: $E = \hbar/m c$' --json | grep -o '"verdict":"[a-z_]*","reason":"[^"]*'
> "verdict":"unknown","reason":"dimensions not decided: \\hbar/m c can be read as a/(b c) or (a/b) c, which differ

# unbound symbols make an equation unknown, never inconsistent; a formula without a relation is no equation
$ provkg check-derivation --text '$F = ma$ and $(r, \theta, \phi)$ and $m_e \to \mu$'
> equation 1 [1, 7]  unknown
>   F = ma
>   dimensions not decided: unbound F, m, a (no unit or meaning stated in the text, no constant of the graph)
>   steps: 0 checked, 0 hold; step 1 not judged: it substitutes a relation (F on one side only)

# a numerical-value equation (numbers of stated units) is not decided
$ provkg check-derivation --text 'with $E$ in eV and $\lambda$ the wavelength, $\lambda \approx 1.226/\sqrt{E}$ nm' --json | grep -o '"verdict":"[a-z_]*","reason":"[^"]*'
> "verdict":"unknown","reason":"dimensions not decided: a numerical-value equation (a rounded coefficient with symbols stated in units): not a relation between quantities

# a number in scientific notation, its unit after the math: the unit is read
$ provkg check-derivation --text 'The electron mass is $m_e = 9.109 \times 10^{-31}$ kg and $h = 6.626 \cdot 10^{-34}$ J s, but $m_p = 1.67 \times 10^{-27}$ m.' --json | grep -o '"verdict":"[a-z_]*","reason":"[^"]*'
> "verdict":"consistent","reason":"the sides agree in dimension (kg | kg)
> "verdict":"consistent","reason":"the sides agree in dimension (m^2 kg s^-1 | m^2 kg s^-1)
> "verdict":"inconsistent","reason":"the two sides differ in dimension: m_p is kg but 1.67 \\times 10^{-27} is m
? 1

# check carries the derivations in its audit record
$ provkg check --json tests/fixtures/derive/bohr-error.txt | grep -o '"derivations":\[{"span":\[[0-9]*,[0-9]*\],"latex":"[^"]\{0,20\}\|"verdict":"inconsistent"'
> "derivations":[{"span":[70,123],"latex":"\\frac{m_e v^2}{r} =
> "verdict":"inconsistent"
