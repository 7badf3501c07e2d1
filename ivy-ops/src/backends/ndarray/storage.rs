//! [`NdData`], the storage of an ndarray-backed array: one allocation for a small result,
//! ndarray's `ArcArray` for the rest.

use std::mem::MaybeUninit;
use std::sync::Arc;

use ::ndarray::{ArcArray, ArrayD, ArrayViewD, ArrayViewMutD, IxDyn, ShapeBuilder};

use crate::kernel::strided::{Dst, Src};

/// The most bytes a new result is held in one allocation for (`Arc<[T]>`, its shape
/// inline). Above it the buffer's own cost dwarfs a second allocation, and ndarray's
/// `ArcArray` keeps its zero-copy conversions to and from `ArrayD`.
pub(crate) use crate::kernel::alloc::SMALL_BYTES;

/// The most dimensions a one-allocation array holds inline.
const SMALL_DIMS: usize = 4;

/// The storage of an ndarray-backed array: shared, copy-on-write. Cloning an `Array`, a view
/// (basic indexing), a reshape without copy and `to_device(cpu)` share the buffer; the first
/// write through a shared handle copies it (so a write never shows through another handle),
/// a write through an unshared one is in place.
///
/// A result of up to 4 KiB (and four dimensions) is one allocation, row-major, its shape
/// held inline: making and dropping ndarray's `ArcArray<T, IxDyn>` (two allocations, its
/// shape and strides built as `IxDyn`) cost about twice as much, which was most of a
/// one-element op's time. Larger arrays, and every array converted from ndarray, are an
/// `ArcArray`. Read either through [`view`](NdData::view); convert with
/// [`into_owned`](NdData::into_owned) or [`into_shared`](NdData::into_shared) (no copy for
/// an unshared `ArcArray`).
///
/// ```
/// use ivy::backends::NdArray;
/// use ivy::NativeArray;
///
/// ivy::set_backend(ivy::Backend::Ndarray);
/// let a = ivy::asarray(vec![1.0f32, 2.0])?;
/// let NativeArray::Ndarray(NdArray::Float32(d)) = a.native() else {
///     unreachable!("an ndarray float32 array")
/// };
/// assert_eq!(d.shape(), &[2]);
/// assert_eq!(d.view().sum(), 3.0);
/// assert_eq!(d.clone().into_owned().into_raw_vec_and_offset().0, vec![1.0, 2.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub struct NdData<T: 'static>(Repr<T>);

enum Repr<T: 'static> {
    /// A new small result.
    Small(Small<T>),
    /// A view (basic indexing) of a small result's buffer.
    /// Boxed: views are rarer than new results, and the box keeps every `Array` small.
    View(Box<SmallView<T>>),
    /// ndarray's shared storage.
    Shared(ArcArray<T, IxDyn>),
}

/// A view into a [`Small`]'s buffer: `view` points into `buf`, which it outlives only as a
/// value (the `'static` view is never handed out for longer than `&self`).
struct SmallView<T: 'static> {
    view: ArrayViewD<'static, T>,
    buf: Arc<[T]>,
}

/// A row-major array in one allocation, its shape and strides inline. Making one builds
/// no `IxDyn` (ndarray builds one with a call per shape); a view of it builds two.
struct Small<T> {
    buf: Arc<[T]>,
    nd: u8,
    dims: [usize; SMALL_DIMS],
    strides: [isize; SMALL_DIMS],
}

/// A small array's row-major shape and strides, held inline.
#[derive(Clone, Copy)]
struct Layout {
    nd: u8,
    dims: [usize; SMALL_DIMS],
    strides: [isize; SMALL_DIMS],
}

impl Layout {
    /// `shape`'s row-major layout when it has at most [`SMALL_DIMS`] axes and its product
    /// (checked) is `n`: the strides `row_major_strides` makes, in one pass with the check.
    #[inline(always)]
    fn of(shape: &[usize], n: usize) -> Option<Layout> {
        if shape.len() > SMALL_DIMS {
            return None;
        }
        // element by element over the four (a slice copy of a runtime length is a call)
        let dims = std::array::from_fn(|i| shape.get(i).copied().unwrap_or(0));
        let mut strides = [0isize; SMALL_DIMS];
        if shape.contains(&0) {
            // empty: all strides 0, whatever the other lengths (ndarray's rule)
            return (n == 0).then_some(Layout {
                nd: shape.len() as u8,
                dims,
                strides,
            });
        }
        let mut step = 1usize;
        for (s, &d) in strides[..shape.len()].iter_mut().zip(shape).rev() {
            *s = step as isize;
            step = step.checked_mul(d)?;
        }
        (step == n).then_some(Layout {
            nd: shape.len() as u8,
            dims,
            strides,
        })
    }
}

impl<T> Small<T> {
    /// `buf` in `layout` (made by [`Layout::of`] for `buf`'s length).
    #[inline(always)]
    fn with(buf: Arc<[T]>, layout: Layout) -> Small<T> {
        debug_assert_eq!(
            Layout::of(&layout.dims[..layout.nd as usize], buf.len()).map(|l| l.strides),
            Some(layout.strides)
        );
        let Layout { nd, dims, strides } = layout;
        Small {
            buf,
            nd,
            dims,
            strides,
        }
    }

    /// `buf` as a row-major array of `shape`; `Err(buf)` for more than [`SMALL_DIMS`]
    /// dimensions or a length other than the shape's product.
    #[inline]
    fn new(buf: Arc<[T]>, shape: &[usize]) -> Result<Small<T>, Arc<[T]>> {
        // checked: a product that wraps to the length would break the layout invariant
        // (`src` and `dst` rely on it)
        match Layout::of(shape, buf.len()) {
            Some(layout) => Ok(Small::with(buf, layout)),
            None => Err(buf),
        }
    }
    #[inline(always)]
    fn dims(&self) -> &[usize] {
        &self.dims[..self.nd as usize]
    }
    #[inline(always)]
    fn strides(&self) -> &[isize] {
        &self.strides[..self.nd as usize]
    }
    /// The shape and strides as ndarray's (strides as `usize`, as ndarray stores them).
    #[inline(always)]
    fn layout(&self) -> ::ndarray::StrideShape<IxDyn> {
        let nd = self.nd as usize;
        let dim = IxDyn(&self.dims[..nd]);
        if self.buf.is_empty() {
            // ndarray's own strides for an empty shape (its debug check refuses the zero
            // strides of a mutable view given as custom ones)
            return dim.into();
        }
        let strides: [usize; SMALL_DIMS] = self.strides.map(|s| s as usize);
        dim.strides(IxDyn(&strides[..nd]))
    }
}

impl<T: Clone> Clone for Small<T> {
    #[inline]
    fn clone(&self) -> Self {
        Small {
            buf: self.buf.clone(),
            nd: self.nd,
            dims: self.dims,
            strides: self.strides,
        }
    }
}

impl<T> NdData<T> {
    /// The shape.
    #[inline(always)]
    pub fn shape(&self) -> &[usize] {
        match &self.0 {
            Repr::Small(s) => s.dims(),
            Repr::View(v) => v.view.shape(),
            Repr::Shared(a) => a.shape(),
        }
    }

    /// The strides, in elements.
    #[inline(always)]
    pub fn strides(&self) -> &[isize] {
        match &self.0 {
            Repr::Small(s) => s.strides(),
            Repr::View(v) => v.view.strides(),
            Repr::Shared(a) => a.strides(),
        }
    }

    /// The number of dimensions.
    #[inline]
    pub fn ndim(&self) -> usize {
        self.shape().len()
    }

    /// The number of elements.
    #[inline]
    pub fn len(&self) -> usize {
        match &self.0 {
            Repr::Small(s) => s.buf.len(),
            Repr::View(v) => v.view.len(),
            Repr::Shared(a) => a.len(),
        }
    }

    /// Whether there are no elements.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A pointer to the first element (in memory order of the view's first index).
    #[inline]
    pub fn as_ptr(&self) -> *const T {
        match &self.0 {
            Repr::Small(s) => s.buf.as_ptr(),
            Repr::View(v) => v.view.as_ptr(),
            Repr::Shared(a) => a.as_ptr(),
        }
    }

    /// The elements as a slice, in row-major order, when they are laid out so (standard
    /// layout).
    #[inline(always)]
    pub fn as_slice(&self) -> Option<&[T]> {
        match &self.0 {
            Repr::Small(s) => Some(&s.buf),
            Repr::View(v) => v.view.to_slice(),
            Repr::Shared(a) => a.as_slice(),
        }
    }

    /// A read-only ndarray view.
    #[inline(always)]
    pub fn view(&self) -> ArrayViewD<'_, T> {
        match &self.0 {
            // SAFETY: the buffer holds the shape's elements, row-major, and is borrowed
            // (shared, so not written) for the view's lifetime
            Repr::Small(s) => unsafe { ArrayViewD::from_shape_ptr(s.layout(), s.buf.as_ptr()) },
            Repr::View(v) => v.view.view(),
            Repr::Shared(a) => a.view(),
        }
    }

    /// Whether the buffer is this array's alone (no clone or view of it alive).
    #[inline]
    pub fn is_unique(&self) -> bool {
        match &self.0 {
            Repr::Small(s) => Arc::strong_count(&s.buf) == 1,
            Repr::View(v) => Arc::strong_count(&v.buf) == 1,
            Repr::Shared(a) => a.is_unique(),
        }
    }

    /// The strided-loop operand (borrowed: nothing is built).
    #[inline(always)]
    pub(crate) fn src(&self) -> Src<'_, T> {
        match &self.0 {
            // SAFETY: every `Small` is built through `Layout::of` for its buffer's length
            // (`Small::with`): the length is the shape's product, checked, and the strides
            // row-major; nothing changes the three apart
            Repr::Small(s) => unsafe { Src::row_major_unchecked(&s.buf, s.dims(), s.strides()) },
            Repr::View(v) => Src::from(&v.view),
            Repr::Shared(a) => Src::from(a),
        }
    }

    /// Whether the elements are in row-major order, contiguous.
    #[inline]
    pub fn is_standard_layout(&self) -> bool {
        match &self.0 {
            Repr::Small(_) => true,
            Repr::View(v) => v.view.is_standard_layout(),
            Repr::Shared(a) => a.is_standard_layout(),
        }
    }

    /// ndarray's shared array, when this is one.
    #[inline]
    pub(crate) fn as_shared(&self) -> Option<&ArcArray<T, IxDyn>> {
        match &self.0 {
            Repr::Shared(a) => Some(a),
            _ => None,
        }
    }

    /// An array of `v`, sharing this array's buffer.
    ///
    /// # Safety
    /// `v` views elements of this array's buffer (made from [`view`](Self::view), then
    /// sliced, indexed or given new axes), and this is not [`as_shared`](Self::as_shared)'s
    /// kind (whose views are made on the `ArcArray` itself).
    pub(crate) unsafe fn view_into(&self, v: ArrayViewD<'_, T>) -> Option<NdData<T>> {
        let buf = match &self.0 {
            Repr::Small(s) => s.buf.clone(),
            Repr::View(v) => v.buf.clone(),
            Repr::Shared(_) => return None,
        };
        // SAFETY: `v` points into `buf` (the caller's condition), which the new array
        // holds for as long as it holds `v`; the `'static` view is never handed out
        let view = unsafe { std::mem::transmute::<ArrayViewD<'_, T>, ArrayViewD<'static, T>>(v) };
        Some(NdData(Repr::View(Box::new(SmallView { view, buf }))))
    }

    /// The same buffer as a row-major array of `shape` (no copy), when this array is in
    /// standard layout and `shape` has its element count; `None` otherwise.
    pub(crate) fn reshaped(&self, shape: &[usize]) -> Option<NdData<T>>
    where
        T: Clone,
    {
        if shape.iter().product::<usize>() != self.len() {
            return None;
        }
        match &self.0 {
            Repr::Small(s) => match Small::new(s.buf.clone(), shape) {
                Ok(s) => Some(NdData(Repr::Small(s))),
                // more dimensions than are held inline: a view of the same buffer
                Err(_) => {
                    let v = self.view().into_shape_with_order(IxDyn(shape)).ok()?;
                    // SAFETY: `v` views this array's elements, which are the buffer's
                    unsafe { self.view_into(v) }
                }
            },
            Repr::View(v) => {
                let v = v.view.view().into_shape_with_order(IxDyn(shape)).ok()?;
                // SAFETY: `v` views `view`'s elements, which are the buffer's
                unsafe { self.view_into(v) }
            }
            Repr::Shared(a) => a
                .clone()
                .into_shape_with_order(IxDyn(shape))
                .ok()
                .map(NdData::from),
        }
    }
}

impl<T: Clone> NdData<T> {
    /// A mutable ndarray view. A shared buffer is copied first (copy-on-write), so the
    /// write shows through no other handle.
    #[inline]
    pub fn view_mut(&mut self) -> ArrayViewMutD<'_, T> {
        self.unshare_view();
        match &mut self.0 {
            Repr::Small(s) => {
                let layout = s.layout();
                let xs = Arc::make_mut(&mut s.buf);
                // SAFETY: the buffer holds the shape's elements, row-major, and is borrowed
                // mutably (and unique: `make_mut`) for the view's lifetime
                unsafe { ArrayViewMutD::from_shape_ptr(layout, xs.as_mut_ptr()) }
            }
            Repr::Shared(a) => a.view_mut(),
            Repr::View(_) => unreachable!("`unshare_view` leaves no view"),
        }
    }

    /// A view's elements copied into a buffer of their own (row-major), before a write
    /// (nothing for the other kinds).
    #[inline]
    fn unshare_view(&mut self) {
        if let Repr::View(v) = &self.0 {
            let view = &v.view;
            let v: Vec<T> = view.iter().cloned().collect();
            let buf: Arc<[T]> = Arc::from(v);
            let shape = view.shape().to_vec();
            self.0 = match Small::new(buf, &shape) {
                Ok(s) => Repr::Small(s),
                // SAFETY: the copy holds the shape's elements, row-major
                Err(buf) => Repr::Shared(unsafe {
                    ArcArray::from_shape_vec_unchecked(IxDyn(&shape), buf.to_vec())
                }),
            };
        }
    }

    /// The strided-loop output over this array's elements (a shared buffer copied first).
    #[inline]
    pub(crate) fn dst(&mut self) -> Dst<'_, T> {
        self.unshare_view();
        match &mut self.0 {
            Repr::Small(s) => {
                let xs = Arc::make_mut(&mut s.buf);
                let nd = s.nd as usize;
                // SAFETY: as in `src` (`make_mut` keeps the length)
                unsafe { Dst::row_major_unchecked(xs, &s.dims[..nd], &s.strides[..nd]) }
            }
            Repr::Shared(a) => Dst::init(a),
            Repr::View(_) => unreachable!("`unshare_view` leaves no view"),
        }
    }

    /// An owned ndarray array: no copy for an unshared `ArcArray`; a one-allocation buffer
    /// (at most 4 KiB) is copied.
    pub fn into_owned(self) -> ArrayD<T> {
        match self.0 {
            Repr::Small(s) => {
                // SAFETY: the copy holds the shape's elements (row-major), whose size was
                // allocated once already
                unsafe { ArrayD::from_shape_vec_unchecked(IxDyn(s.dims()), s.buf.to_vec()) }
            }
            Repr::View(v) => v.view.to_owned(),
            Repr::Shared(a) => a.into_owned(),
        }
    }

    /// ndarray's shared array: no copy for an `ArcArray`; a one-allocation buffer (at most
    /// 4 KiB) is copied.
    pub fn into_shared(self) -> ArcArray<T, IxDyn> {
        match self.0 {
            Repr::Shared(a) => a,
            _ => self.into_owned().into_shared(),
        }
    }
}

/// A new row-major array of `shape` (`n` elements, checked by the caller) whose every
/// element `fill` writes: one allocation when it is small, else a fallibly allocated
/// vector in an `ArcArray`.
#[inline]
pub(crate) fn new_with<T: Copy>(
    op: &'static str,
    shape: &[usize],
    n: usize,
    fill: impl FnOnce(&mut [MaybeUninit<T>]) -> crate::Result<()>,
) -> crate::Result<NdData<T>> {
    if let Some(layout) = small_layout::<T>(shape, n) {
        let mut buf = Arc::<[T]>::new_uninit_slice(n);
        // a fresh `Arc` is unique
        if let Some(xs) = Arc::get_mut(&mut buf) {
            fill(xs)?;
            // SAFETY: `fill` returned `Ok`, having written every element (its contract)
            let buf = unsafe { buf.assume_init() };
            return Ok(NdData(Repr::Small(Small::with(buf, layout))));
        }
    }
    let mut v = crate::kernel::alloc::try_vec::<T>(op, n)?;
    fill(&mut v.spare_capacity_mut()[..n])?;
    // SAFETY: `fill` wrote every one of the `n` reserved elements
    unsafe { v.set_len(n) };
    super::kernels::shaped::<::ndarray::OwnedArcRepr<T>>(op, shape, v).map(NdData::from)
}

/// The layout of `n` elements of `shape` held in one allocation: at most [`SMALL_BYTES`]
/// and [`SMALL_DIMS`] dimensions, `n` the shape's product.
#[inline(always)]
fn small_layout<T>(shape: &[usize], n: usize) -> Option<Layout> {
    if n.saturating_mul(std::mem::size_of::<T>()) > SMALL_BYTES {
        return None;
    }
    Layout::of(shape, n)
}

/// A row-major buffer `v` of `shape` as an array: a small one copied into one allocation
/// (the copy costs less than ndarray's second allocation, its `IxDyn` shape and their
/// frees), a larger one moved into an `ArcArray`. A length that is not the shape's
/// product is an error naming `op`.
pub(crate) fn shaped_data<T: Copy>(
    op: &'static str,
    shape: &[usize],
    v: Vec<T>,
) -> crate::Result<NdData<T>> {
    if let Some(layout) = small_layout::<T>(shape, v.len()) {
        return Ok(NdData(Repr::Small(Small::with(Arc::from(v), layout))));
    }
    super::kernels::shaped::<::ndarray::OwnedArcRepr<T>>(op, shape, v).map(NdData::from)
}

impl<T> From<ArcArray<T, IxDyn>> for NdData<T> {
    /// Wraps ndarray's shared storage (no copy).
    #[inline]
    fn from(a: ArcArray<T, IxDyn>) -> Self {
        NdData(Repr::Shared(a))
    }
}

impl<T: Clone> From<ArrayD<T>> for NdData<T> {
    /// Moves the buffer into shared storage (no copy).
    #[inline]
    fn from(a: ArrayD<T>) -> Self {
        NdData(Repr::Shared(a.into_shared()))
    }
}

impl<T: Clone> Clone for NdData<T> {
    /// Shares the buffer.
    #[inline]
    fn clone(&self) -> Self {
        NdData(match &self.0 {
            Repr::Small(s) => Repr::Small(s.clone()),
            Repr::View(v) => Repr::View(Box::new(SmallView {
                view: v.view.clone(),
                buf: v.buf.clone(),
            })),
            Repr::Shared(a) => Repr::Shared(a.clone()),
        })
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for NdData<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.view().fmt(f)
    }
}

impl<T: PartialEq> PartialEq for NdData<T> {
    /// Same shape and elements.
    fn eq(&self, other: &Self) -> bool {
        self.view() == other.view()
    }
}
