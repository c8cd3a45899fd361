//! Pictures as pixels: the board's SVG rasterised by resvg (no drawing of our own).

use resvg::{tiny_skia, usvg};

/// The smallest and largest side, in pixels, of a picture.
const SIDES: std::ops::RangeInclusive<u32> = 16..=4096;

/// Rasterises `svg` onto a `width × height` canvas filled with the board's background colour,
/// scaled to fit and centred; returns RGB bytes, row-major, 3 per pixel.
pub(crate) fn rgb(svg: &str, width: u32, height: u32) -> Result<Vec<u8>, String> {
    if !SIDES.contains(&width) || !SIDES.contains(&height) {
        return Err(format!(
            "a picture is 16 to 4096 pixels wide and high, not {width} x {height}"
        ));
    }
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .map_err(|e| format!("the board's SVG cannot be read: {e}"))?;
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| format!("cannot allocate a {width} x {height} picture"))?;
    // The board's background (#f4f1e8) around the fitted board.
    pixmap.fill(tiny_skia::Color::from_rgba8(0xf4, 0xf1, 0xe8, 0xff));
    let size = tree.size();
    let scale = (width as f32 / size.width()).min(height as f32 / size.height());
    let dx = (width as f32 - size.width() * scale) / 2.0;
    let dy = (height as f32 - size.height() * scale) / 2.0;
    let transform = tiny_skia::Transform::from_row(scale, 0.0, 0.0, scale, dx, dy);
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    // Opaque everywhere (the background is), so the premultiplied bytes are the colours.
    Ok(pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect())
}
