//! JSON helpers for the documents this crate reads: configs and records must be JSON objects
//! (serde's derived structs also accept an array of the field values, which no writer of ours
//! produces and which would let `[3]` pass for a config).

use std::fmt;
use std::marker::PhantomData;

use serde::de::value::MapAccessDeserializer;
use serde::de::{Error, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

use crate::config::MAX_PLAYERS;

/// A `T` read only from a JSON object.
pub(crate) struct ObjectOnly<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ObjectOnly<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ObjectOnly<T>, D::Error> {
        struct Object<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Object<T> {
            type Value = T;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(MapAccessDeserializer::new(map))
            }
        }
        d.deserialize_map(Object(PhantomData)).map(ObjectOnly)
    }
}

/// `deserialize_with` for a field that must be a JSON object.
pub(crate) fn object_only<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<T, D::Error> {
    ObjectOnly::deserialize(d).map(|o| o.0)
}

/// `deserialize_with` for `Config::names`: a list of at most [`MAX_PLAYERS`] names, refused
/// while it is read when longer (so that a large document of empty names cannot take memory
/// many times its size before the config is validated).
pub(crate) fn bounded_names<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    struct Names;
    impl<'de> Visitor<'de> for Names {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "a list of at most {MAX_PLAYERS} player names")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
            let mut names = Vec::new();
            while let Some(name) = seq.next_element::<String>()? {
                if names.len() == MAX_PLAYERS {
                    return Err(A::Error::custom(format_args!(
                        "more than {MAX_PLAYERS} player names (MAX_PLAYERS)"
                    )));
                }
                names.push(name);
            }
            Ok(names)
        }
    }
    d.deserialize_seq(Names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;

    #[test]
    fn an_array_is_no_object() {
        let e = serde_json::from_str::<ObjectOnly<Config>>("[3]")
            .err()
            .map(|e| e.to_string());
        assert!(
            e.as_deref().is_some_and(|e| e.contains("a JSON object")),
            "{e:?}"
        );
        let ObjectOnly(config) = serde_json::from_str::<ObjectOnly<Config>>(r#"{"players": 3}"#)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(config.players, 3);
    }

    #[test]
    fn names_are_bounded_while_parsing() {
        let six = r#"{"players": 6, "names": ["a", "b", "c", "d", "e", "f"]}"#;
        let config = serde_json::from_str::<ObjectOnly<Config>>(six).map(|o| o.0.names.len());
        assert_eq!(config.ok(), Some(6));
        let many = format!(r#"{{"names": [{}""]}}"#, "\"\", ".repeat(100_000));
        let e = serde_json::from_str::<ObjectOnly<Config>>(&many)
            .err()
            .map(|e| e.to_string());
        assert!(
            e.as_deref()
                .is_some_and(|e| e.contains("more than 6 player names (MAX_PLAYERS)")),
            "{e:?}"
        );
    }
}
