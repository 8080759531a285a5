//! One pattern for the crate's small enums: `ALL`, `NUM`, `index` and `from_index`,
//! written once (as cozy-chess's `simple_enum!`).

/// Declares a field-less enum with its variants in order, plus `ALL` (every
/// variant, in order), `NUM`, `index()` (its position in `ALL`) and
/// `from_index()` (the inverse, `None` out of range).
macro_rules! simple_enum {
    (
        $(#[$attr:meta])*
        $vis:vis enum $Name:ident {
            $(
                $(#[$vattr:meta])*
                $Variant:ident
            ),* $(,)?
        }
    ) => {
        $(#[$attr])*
        $vis enum $Name {
            $(
                $(#[$vattr])*
                $Variant,
            )*
        }

        impl $Name {
            /// Every value, in order.
            pub const ALL: [$Name; [$($Name::$Variant),*].len()] = [$($Name::$Variant),*];

            /// The number of values.
            pub const NUM: usize = $Name::ALL.len();

            /// The value's position in [`ALL`](Self::ALL).
            #[inline(always)]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The value at `index` in [`ALL`](Self::ALL), if there is one.
            #[inline]
            pub const fn from_index(index: usize) -> Option<$Name> {
                if index < $Name::NUM {
                    Some($Name::ALL[index])
                } else {
                    None
                }
            }
        }
    };
}

pub(crate) use simple_enum;
